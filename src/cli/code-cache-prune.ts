/**
 * Code-cache files are per bundle and Node version, so every upgrade leaves the previous ones behind
 * (1-2 MB per command). Whenever a cache is written (a miss: rare), files of other bundles or Node
 * versions go when they are older than STALE_AFTER_MS or when more than KEEP_OTHER_BUILDS newer
 * builds have caches, and so do temporary files a killed write left. Not simply "not ours": two
 * installs used side by side must not evict each other on every run; an install still in use that
 * loses its files only compiles once more.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const STALE_AFTER_MS = 14 * 24 * 3600 * 1000;
/** A machine that rebuilds often (a developer's) would otherwise hold hundreds of MB for two weeks. */
export const KEEP_OTHER_BUILDS = 3;
const CACHE_FILE = /^cli-[0-9a-f]+-.+\.v8(\.\d+\.tmp)?$/;

/** The part of a cache file's name shared by every command of its bundle. */
function bundleKey(name: string): string {
  return name.slice(0, name.indexOf('-', 'cli-'.length));
}

/** The Node build a cache file is for (`-v20.20.2-x64.v8`), temporary suffix dropped. */
function nodeBuild(name: string): string {
  const file = name.replace(/\.\d+\.tmp$/, '');
  return file.slice(file.lastIndexOf('-v'));
}

const buildOf = (name: string) => `${bundleKey(name)}${nodeBuild(name)}`;

export function pruneStaleCodeCaches(writtenFile: string, now = Date.now()): void {
  const dir = dirname(writtenFile);
  const ours = buildOf(basename(writtenFile));
  const others: { file: string; build: string; mtimeMs: number; temporary: boolean }[] = [];
  for (const name of readdirSync(dir)) {
    if (!CACHE_FILE.test(name)) continue;
    const temporary = name.endsWith('.tmp');
    if (buildOf(name) === ours && !temporary) continue;
    try {
      others.push({ file: join(dir, name), build: buildOf(name), mtimeMs: statSync(join(dir, name)).mtimeMs, temporary });
    } catch {
      // raced with another process's prune
    }
  }
  const newest = new Map<string, number>();
  for (const o of others) if (!o.temporary) newest.set(o.build, Math.max(newest.get(o.build) ?? 0, o.mtimeMs));
  const kept = new Set([...newest].sort((a, b) => b[1] - a[1]).slice(0, KEEP_OTHER_BUILDS).map(([build]) => build));
  for (const o of others) {
    if (now - o.mtimeMs <= STALE_AFTER_MS && (o.temporary || kept.has(o.build))) continue;
    try {
      rmSync(o.file, { force: true });
    } catch {
      // not ours to remove
    }
  }
}
