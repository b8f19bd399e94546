/**
 * Builds dist/ once so tests that spawn the CLI or server run the real binaries. Type errors do
 * not stop the emit (`npm test` typechecks separately first), so one unfinished file elsewhere
 * never blocks an unrelated test run.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const res = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) process.stderr.write(`[global-setup] tsc reported errors; dist/ was emitted anyway:\n${res.stdout.slice(0, 2000)}\n`);
}
