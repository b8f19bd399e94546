/**
 * The installed binary is the esbuild bundle in dist/bin/: it must answer on a real profile, and
 * the files it resolves from its own location (the recall thread's entry, package.json) must be
 * there. Other CLI tests run the same binary through the fixture.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from './fixtures/cli/run-cli.js';

// A process starting on a loaded machine may take many seconds; the deadline only bounds a failing run.
const SLOW = 120_000;

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-bundle-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the bundled mnemo binary', () => {
  it('is the package bin, and reports the package version', async () => {
    expect(path.relative(ROOT, CLI)).toBe(path.join('dist', 'bin', 'mnemo.cjs'));
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runCli(['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(version);
    // The path earlier versions installed, which MCP client configurations name, still runs the CLI.
    const esm = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'bin', 'mnemo.js'), '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect(esm.status, esm.stderr).toBe(0);
    expect(esm.stdout.trim()).toBe(version);
  });

  it('remembers, recalls and lists on a real profile', async () => {
    const a = await runCli(['remember', 'The project uses PostgreSQL 16 for storage.', '--json'], { dataDir: dir });
    expect(a.code, a.stderr).toBe(0);
    const b = await runCli(['remember', 'Always run the linter before deploying.', '--json'], { dataDir: dir });
    expect(b.code, b.stderr).toBe(0);
    const recalled = await runCli(['recall', 'which database does the project use?', '--json'], { dataDir: dir });
    expect(recalled.code, recalled.stderr).toBe(0);
    expect(recalled.json().memories[0].id).toBe(a.json().memory.id);
    const listed = await runCli(['list', '--json'], { dataDir: dir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json().items.map((m: { id: string }) => m.id).sort()).toEqual([a.json().memory.id, b.json().memory.id].sort());
  }, SLOW);

  it('runs recall from its own bundle and other commands from the whole one, whatever global options come first', async () => {
    // A profile named like a command: the binary must pick the bundle by the command, not by that value.
    const a = await runCli(['--profile', 'recall', 'remember', 'The team deploys with Argo CD.', '--json'], { dataDir: dir });
    expect(a.code, a.stderr).toBe(0);
    const listed = await runCli(['--profile', 'recall', 'list', '--json'], { dataDir: dir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json().items.map((m: { id: string }) => m.id)).toEqual([a.json().memory.id]);
    const recalled = await runCli(['--json', '--profile', 'recall', 'recall', 'how does the team deploy?'], { dataDir: dir });
    expect(recalled.code, recalled.stderr).toBe(0);
    expect(recalled.json().memories[0].id).toBe(a.json().memory.id);
    const help = await runCli(['recall', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/--no-synthesize/);
  }, SLOW);

  it('serves a recall through a recall thread started from the bundle', async () => {
    const stored = await runCli(['remember', 'The CI pipeline runs on GitHub Actions.', '--json'], { dataDir: dir });
    expect(stored.code, stored.stderr).toBe(0);
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--recall-threads', '1', '--data-dir', dir], {
      cwd: ROOT, env: { ...process.env, MNEMO_EMBEDDER: 'hashing', MNEMO_LOG: 'off' },
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/[^\s]+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
      });
      // A thread that cannot start fails this recall with 503 `unavailable`.
      const res = await fetch(`${url}/v1/profiles/default/recall?q=${encodeURIComponent('where does the CI pipeline run?')}`);
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as { memories: { id: string }[] };
      expect(body.memories.map((m) => m.id)).toContain(stored.json().memory.id);
      expect(err).not.toMatch(/recall thread/);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, SLOW);

  it('starts the index compaction process from the bundle', async () => {
    const stored = await runCli(['remember', 'Deploys go out every Tuesday.', '--json'], { dataDir: dir });
    expect(stored.code, stored.stderr).toBe(0);
    const db = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('.db'));
    expect(db).toBeDefined();
    // The server spawns this entry beside its chunks (vector-compactor.ts); a missing entry fails every compaction.
    const child = spawn(process.execPath, [path.join(path.dirname(CLI), 'vector-compact-child.js'), path.join(dir, db!), 'memory'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code, err).toBe(0);
    expect(() => JSON.parse(out.trim().split('\n').pop()!)).not.toThrow();
  }, SLOW);
});
