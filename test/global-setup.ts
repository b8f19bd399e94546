/**
 * Builds dist/ once, and bundles the `mnemo` binary from it, so tests that spawn the CLI or server
 * run the real binaries of this tree (a bundle left from an older build would run older code, with
 * older migrations, and fail far from the cause). Type errors do
 * not stop the emit (`npm test` typechecks separately first), so one unfinished file elsewhere
 * never blocks an unrelated test run.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const res = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0) process.stderr.write(`[global-setup] tsc reported errors; dist/ was emitted anyway:\n${res.stdout.slice(0, 2000)}\n`);
  const bundle = spawnSync(process.execPath, ['scripts/bundle-cli.mjs'], { cwd: root, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`[global-setup] bundling the mnemo binary failed:\n${(bundle.stderr || bundle.stdout).slice(0, 2000)}`);
}
