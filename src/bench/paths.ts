/** Default benchmark data locations: `../shared/bench` next to the repository. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest ancestor of this file holding package.json (works from src/ and dist/). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function defaultBenchDir(): string {
  return resolve(repoRoot(), '..', 'shared', 'bench');
}

export const defaultLocomoPath = (): string => join(defaultBenchDir(), 'locomo-dev.json');
export const defaultBeamPath = (): string => join(defaultBenchDir(), 'beam-100k-dev');
