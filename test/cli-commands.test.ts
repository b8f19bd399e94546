/** Every command's --help, the offline demo, and `serve` printing its URL. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from './fixtures/cli/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-cmd-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COMMANDS = [
  'ingest', 'remember', 'recall', 'list', 'get', 'forget', 'history', 'export', 'import', 'context', 'jobs', 'job',
  'profiles', 'serve', 'mcp', 'keys', 'keys create', 'keys list', 'keys revoke', 'doctor', 'bench', 'demo',
];

describe('mnemo commands', () => {
  it('prints help for the program and every command with exit 0', async () => {
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    for (const name of COMMANDS.filter((c) => !c.includes(' '))) expect(top.stdout).toContain(name);
    const results = await Promise.all(COMMANDS.map((c) => runCli([...c.split(' '), '--help'])));
    results.forEach((res, i) => {
      expect(res.code, `${COMMANDS[i]} --help: ${res.stderr}`).toBe(0);
      expect(res.stdout).toContain(`Usage: mnemo ${COMMANDS[i]}`);
    });
    expect((await runCli(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });

  it('runs the demo offline on a fresh data dir, and again idempotently', async () => {
    const env = { MNEMO_EMBEDDER: '' };
    const res = await runCli(['demo'], { dataDir: dir, env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/mnemo extracted \d+ memories offline/);
    expect(res.stdout).toContain('> mnemo recall "Which package manager should I use?"');
    expect(res.stdout).toMatch(/pnpm/);
    expect(res.stdout).toMatch(/linter/);
    const again = await runCli(['demo', '--json'], { dataDir: dir, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ profile: 'demo', ingested: 0 });
    expect(again.json().recalls).toHaveLength(2);
    expect(again.json().recalls[0].memories[0].content).toMatch(/pnpm/);
  });

  it('doctor without a model says mnemo runs offline', async () => {
    const res = await runCli(['doctor'], { dataDir: dir });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('runs offline');
  });

  it('serve prints the URL and a curl example, answers, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dir], { cwd: ROOT, env: { ...process.env, MNEMO_EMBEDDER: 'hashing' } });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/[^\s]+)/.exec(out);
        if (m && out.includes('try: curl')) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    });
    expect(out).toMatch(/try: curl -s 'http:\/\/127\.0\.0\.1:\d+\/v1\/profiles\/default\/recall\?q=/);
    const res = await fetch(`${url}/v1/profiles/default/remember`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'The API runs on port 7077.' }) });
    expect(res.status).toBeLessThan(300);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).not.toMatch(/warning/); // a shutdown is not a failed warm-up
  });
});
