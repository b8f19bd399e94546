import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes via a uniquely named temp file and a rename, so readers (and racing writers in other
 * processes) only ever see a complete file: the last rename wins and both versions are whole.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** A sibling path unique to this process and call, for tools that can only write to a path. */
export function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}
