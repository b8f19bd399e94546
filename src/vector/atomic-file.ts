// fs.promises on use: importing node:fs/promises compiles nine of Node's modules a cold command never needs.
import fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

/** Old enough that no write is still using the file. */
const ORPHAN_AGE_MS = 10 * 60_000;

/**
 * Removes the files beside `stem` (a path prefix) named `<stem>...<suffix>` for one of `suffixes`,
 * except `keep`, that have not been written for ten minutes: temp files of writes a crash cut
 * short (see tempPathFor), or files a racing writer left behind. Best effort: a leftover costs
 * disk, not correctness.
 */
export function sweepOrphans(stem: string, suffixes: readonly string[], keep?: string): void {
  const dir = dirname(stem);
  const prefix = basename(stem);
  const cutoff = Date.now() - ORPHAN_AGE_MS;
  try {
    for (const name of fs.readdirSync(dir)) {
      if (name === keep || !name.startsWith(prefix) || !suffixes.some((s) => name.endsWith(s))) continue;
      const path = join(dir, name);
      if (fs.statSync(path).mtimeMs < cutoff) fs.rmSync(path, { force: true });
    }
  } catch {
    // best effort
  }
}
