/** remember / recall / forget / get / export / import through the built binary, and its exit codes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './fixtures/cli/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-memory-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'sk-proj-Zq8XkT2mN4vB7cR1pL9wY3sD6fH0jG5a';

describe('mnemo memory commands', () => {
  it('remember → recall → forget → recall', async () => {
    const r = await runCli(['remember', 'The CI pipeline runs on GitHub Actions.', '--type', 'fact', '--key', 'project.ci', '--json'], { dataDir: dir });
    expect(r.code, r.stderr).toBe(0);
    const id: string = r.json().memory.id;
    expect(r.json()).toMatchObject({ created: true, memory: { type: 'fact', topicKey: 'project.ci' } });

    const hit = await runCli(['recall', 'where does the CI pipeline run?', '--json'], { dataDir: dir });
    expect(hit.code, hit.stderr).toBe(0);
    expect(hit.json().memories.map((m: any) => m.id)).toContain(id);

    const human = await runCli(['recall', 'where does the CI pipeline run?'], { dataDir: dir });
    expect(human.stdout).toMatch(/^answer: .*GitHub Actions/);
    expect(human.stdout).toMatch(/confidence: \d\.\d\d/);
    expect(human.stdout).toContain(`${id}  via fulltext`);

    const f = await runCli(['forget', id], { dataDir: dir });
    expect(f.code, f.stderr).toBe(0);
    expect(f.stdout).toContain(`forgot ${id}`);
    const miss = await runCli(['recall', 'where does the CI pipeline run?', '--json'], { dataDir: dir });
    expect(miss.json().memories.map((m: any) => m.id)).not.toContain(id);
    expect((await runCli(['get', id, '--json'], { dataDir: dir })).json().status).toBe('forgotten');
    expect((await runCli(['list', '--status', 'forgotten', '--json'], { dataDir: dir })).json().items).toHaveLength(1);
  });

  it('shows what was redacted from a secret, and get never shows the secret', async () => {
    const r = await runCli(['remember', `The deploy bot uses the OpenAI key ${SECRET}`], { dataDir: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('redacted 1 secret (never stored):');
    expect(r.stdout).toContain('openai_key');
    expect(r.stdout).not.toContain(SECRET);
    const id = /^remembered: ([0-9a-f]{32})/.exec(r.stdout)?.[1];
    expect(id).toBeTruthy();
    for (const args of [['get', id!], ['get', id!, '--json'], ['list', '--json'], ['export']]) {
      const out = await runCli(args, { dataDir: dir });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).not.toContain(SECRET);
      expect(out.stdout).toContain('[REDACTED:openai_key]');
    }
  });

  it('exports and imports into another profile', async () => {
    await runCli(['remember', 'Always run the linter before deploying.', '--profile', 'src'], { dataDir: dir });
    await runCli(['remember', 'The project uses PostgreSQL 16.', '--profile', 'src', '--key', 'project.database'], { dataDir: dir });
    const file = path.join(dir, 'backup.json');
    const ex = await runCli(['export', '--profile', 'src', '--out', file], { dataDir: dir });
    expect(ex.code, ex.stderr).toBe(0);
    expect(ex.stderr).toContain('exported 2 memories');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc).toMatchObject({ format: 'mnemo-export', version: 1, profile: 'src' });

    const im = await runCli(['import', file, '--profile', 'dst', '--json'], { dataDir: dir });
    expect(im.code, im.stderr).toBe(0);
    expect(im.json()).toMatchObject({ memories: 2 });
    const src = (await runCli(['list', '--profile', 'src', '--json'], { dataDir: dir })).json();
    const dst = (await runCli(['list', '--profile', 'dst', '--json'], { dataDir: dir })).json();
    expect(dst.items.map((m: any) => m.id).sort()).toEqual(src.items.map((m: any) => m.id).sort());
    expect((await runCli(['profiles', '--json'], { dataDir: dir })).json().sort()).toEqual(['dst', 'src']);
    expect((await runCli(['history', 'project.database', '--profile', 'dst', '--json'], { dataDir: dir })).json()).toHaveLength(1);

    const md = await runCli(['export', '--profile', 'src', '--format', 'markdown'], { dataDir: dir });
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('<!-- file: MEMORY.md -->');
  });

  it('maps errors to exit codes and messages without stack traces', async () => {
    await runCli(['remember', 'Something to create the profile.'], { dataDir: dir });
    const unknown = await runCli(['get', '0123456789abcdef0123456789abcdef'], { dataDir: dir });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/^mnemo: no memory 0123456789abcdef0123456789abcdef/m);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    expect((await runCli(['forget', '0123456789abcdef0123456789abcdef'], { dataDir: dir })).code).toBe(3);

    const json = await runCli(['get', '0123456789abcdef0123456789abcdef', '--json'], { dataDir: dir });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stderr.trim().split('\n').pop()!)).toEqual({ error: { code: 'not_found', message: expect.stringContaining('no memory') } });

    const badProfile = await runCli(['list', '--profile', '../x'], { dataDir: dir });
    expect(badProfile.code).toBe(2);
    expect(badProfile.stderr).toMatch(/^mnemo: invalid profile name/);

    const noProfile = await runCli(['list', '--profile', 'typo'], { dataDir: dir });
    expect(noProfile.code).toBe(3);

    expect((await runCli(['list', '--bogus'], { dataDir: dir })).code).toBe(2);
    expect((await runCli(['recall'], { dataDir: dir })).code).toBe(2);
    expect((await runCli(['list', '--limit', '0'], { dataDir: dir })).code).toBe(2);
    expect((await runCli(['remember', 'x', '--type', 'opinion'], { dataDir: dir })).code).toBe(2);
    const longQuery = await runCli(['recall', 'q'.repeat(5000)], { dataDir: dir });
    expect(longQuery.code).toBe(2);
  });

  it('creates, lists and revokes API keys', async () => {
    const created = await runCli(['keys', 'create', '--profile', '*', '--scope', 'admin', '--label', 'ops', '--json'], { dataDir: dir });
    expect(created.code, created.stderr).toBe(0);
    const { id, key } = created.json();
    expect(key).toMatch(/^mnemo_/);
    const listed = await runCli(['keys', 'list'], { dataDir: dir });
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).not.toContain(key);
    expect((await runCli(['keys', 'revoke', id], { dataDir: dir })).code).toBe(0);
    expect((await runCli(['keys', 'revoke', id], { dataDir: dir })).code).toBe(3);
    expect((await runCli(['keys', 'create', '--profile', '../x'], { dataDir: dir })).code).toBe(2);
  });
});
