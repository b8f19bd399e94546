import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

/** True when `target` is `root` or lies below it (both absolute and normalized). */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Resolves `relative` below the real path of `root` and follows symlinks: returns the real
 * absolute path, or an error message when the path (or a link on the way) leaves the folder.
 */
export async function resolveInside(root: string, relative: string): Promise<{ path: string } | { error: string }> {
  const realRoot = await realpath(root);
  const lexical = path.resolve(realRoot, relative);
  if (!isInside(realRoot, lexical)) return { error: `path ${JSON.stringify(relative)} escapes the folder` };
  let real: string;
  try {
    real = await realpath(lexical);
  } catch {
    return { error: `path ${JSON.stringify(relative)} does not exist` };
  }
  if (!isInside(realRoot, real)) return { error: `${(await lstat(lexical)).isSymbolicLink() ? 'symlink' : 'path'} ${JSON.stringify(relative)} points outside the folder (${real})` };
  return { path: real };
}

/** `a\\b.md` → `a/b.md`, so reported file names look the same on every platform. */
export function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}
