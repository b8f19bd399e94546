/**
 * Code-cache files are per bundle and Node version, so every upgrade leaves the previous ones behind
 * (1-2 MB per command). Whenever a cache is written (a miss: rare), files of other bundles or Node
 * versions that are older than STALE_AFTER_MS go, and so do temporary files a killed write left.
 * Age, not "not ours": two installs used side by side must not evict each other on every run; an
 * install still in use that loses its files only compiles once more.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const STALE_AFTER_MS = 14 * 24 * 3600 * 1000;
const CACHE_FILE = /^cli-[0-9a-f]+-.+\.v8(\.\d+\.tmp)?$/;

/** The part of a cache file's name shared by every command of its bundle and Node build. */
function bundleKey(name: string): string {
  return name.slice(0, name.indexOf('-', 'cli-'.length));
}

export function pruneStaleCodeCaches(writtenFile: string, now = Date.now()): void {
  const dir = dirname(writtenFile);
  const key = bundleKey(basename(writtenFile));
  const nodeBuild = basename(writtenFile).slice(basename(writtenFile).lastIndexOf('-v'));
  for (const name of readdirSync(dir)) {
    if (!CACHE_FILE.test(name)) continue;
    const ours = bundleKey(name) === key && name.endsWith(nodeBuild);
    if (ours && !name.endsWith('.tmp')) continue;
    const file = join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // raced with another process's prune, or not ours to remove
    }
  }
}
