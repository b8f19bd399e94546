// fs.promises on use: importing node:fs/promises compiles nine of Node's modules a cold command never needs.
import fs from 'node:fs';
import { dirname } from 'node:path';
import { nodeCrypto } from '../lazy-crypto.js';

/**
 * Writes via a uniquely named temp file and a rename, so readers (and racing writers in other
 * processes) only ever see a complete file: the last rename wins and both versions are whole.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await fs.promises.mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    await fs.promises.writeFile(temp, data);
    await fs.promises.rename(temp, path);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

/** A sibling path unique to this process and call, for tools that can only write to a path. */
export function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
}
