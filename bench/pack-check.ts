/**
 * Packaging check (minutes: it runs a real `npm install`): `npm pack`, then install the tarball
 * into an empty folder and run `npx mnemo demo` there (offline: the demo needs no model or
 * network), and import `mnemo/client` from the installed package. Fails on test files, benchmark
 * data or source maps in the tarball.
 *
 * Run: npm run check:pack
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mnemo-pack-'));
const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
try {
  const t0 = Date.now();
  run('npm', ['run', 'build'], root);
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], root)) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  const { filename, size, unpackedSize, files } = packed[0];
  const bad = files.map((f) => f.path).filter((p) => /(^|\/)(test|tests|fixtures)\/|\.test\.|\.map$|^bench\/|\.jsonl?$/.test(p) && p !== 'package.json');
  console.log(`tarball ${filename}: ${files.length} files, ${(size / 1024).toFixed(0)} kB packed, ${(unpackedSize / 1024).toFixed(0)} kB unpacked`);
  if (bad.length) throw new Error(`tarball holds files it should not: ${bad.slice(0, 10).join(', ')}`);

  const app = join(work, 'app');
  run('mkdir', ['-p', app], work);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pack-check', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, filename)], app);
  const t1 = Date.now();
  const demo = run('npx', ['--no-install', 'mnemo', 'demo'], app);
  if (!/mnemo recall/.test(demo) || !/confidence/.test(demo)) throw new Error(`demo output unexpected:\n${demo}`);
  writeFileSync(join(app, 'client.mjs'), `import { createClient, MnemoError } from 'mnemo/client';\nconsole.log(typeof createClient, typeof MnemoError);\n`);
  const client = run('node', ['client.mjs'], app).trim();
  if (client !== 'function function') throw new Error(`mnemo/client did not load: ${client}`);
  console.log(`installed in ${((t1 - t0) / 1000).toFixed(0)} s; npx mnemo demo ran offline; mnemo/client imports (${readdirSync(join(app, 'node_modules')).length} top-level packages)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
