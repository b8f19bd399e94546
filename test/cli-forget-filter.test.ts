/** `mnemo forget` by filter with --limit and --dry-run, through the built binary. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './fixtures/cli/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-forget-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const active = async () => (await runCli(['list', '--user', 'alice', '--json'], { dataDir: dir })).json().items.map((m: { id: string }) => m.id);

describe('mnemo forget by filter: --limit and --dry-run', () => {
  it('a dry run lists what would go and changes nothing; --limit caps what goes', async () => {
    for (const fact of ['Alice uses vim.', 'Alice lives in Lyon.', 'Alice drinks tea.']) {
      expect((await runCli(['remember', fact, '--user', 'alice'], { dataDir: dir })).code).toBe(0);
    }
    expect((await runCli(['remember', 'Bob uses emacs.', '--user', 'bob'], { dataDir: dir })).code).toBe(0);
    const before = await active();
    expect(before).toHaveLength(3);

    const dry = await runCli(['forget', '--user', 'alice', '--dry-run', '--json'], { dataDir: dir });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json()).toMatchObject({ dryRun: true });
    expect([...dry.json().forgotten].sort()).toEqual([...before].sort());
    expect(await active()).toHaveLength(3);
    const human = await runCli(['forget', '--user', 'alice', '--dry-run', '--limit', '2'], { dataDir: dir });
    expect(human.stdout).toMatch(/^would forget 2 memories/);

    const capped = await runCli(['forget', '--user', 'alice', '--limit', '2', '--json'], { dataDir: dir });
    expect(capped.code, capped.stderr).toBe(0);
    expect(capped.json().forgotten).toHaveLength(2);
    expect(await active()).toHaveLength(1);
    expect((await runCli(['list', '--user', 'bob', '--json'], { dataDir: dir })).json().items).toHaveLength(1);
  });

  it('refuses a bad --limit and the flags with a memory id, writing nothing', async () => {
    expect((await runCli(['remember', 'Alice uses vim.', '--user', 'alice'], { dataDir: dir })).code).toBe(0);
    for (const args of [['--limit', '0'], ['--limit', 'ten']]) {
      const r = await runCli(['forget', '--user', 'alice', ...args], { dataDir: dir });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/--limit must be a whole number|invalid/i);
    }
    const withId = await runCli(['forget', '0123456789abcdef0123456789abcdef', '--dry-run'], { dataDir: dir });
    expect(withId.code).not.toBe(0);
    expect(withId.stderr).toMatch(/apply to forgetting by filter/);
    expect(await active()).toHaveLength(1);
  });
});
