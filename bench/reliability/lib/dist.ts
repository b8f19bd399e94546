/**
 * The built mnemo the campaign's child processes run. The bench builds a private copy (other
 * work in the same tree rebuilds dist/ at any moment); tests use dist/, built by their setup.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function distDir(): string {
  return process.env.MNEMO_RELIABILITY_DIST ?? path.join(ROOT, 'dist');
}

export function cliPath(): string {
  return path.join(distDir(), 'cli', 'main.js');
}
