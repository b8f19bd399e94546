import { mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI, runCli } from './fixtures/cli/run-cli.js';

// A CLI process starting on a loaded machine may take many seconds; the deadline only bounds a failing run.
async function until(ok: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for the sync watcher');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const root = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-sync-'));
const dataDir = path.join(root, 'data');
const folder = path.join(root, 'memory');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('mnemo sync', () => {
  it('writes memories as files, turns an edit into a supersession and a deletion into a forget', async () => {
    const made = await runCli(['remember', 'Always squash merge feature branches.', '--key', 'team.merge_policy', '--profile', 'me', '--json'], { dataDir });
    expect(made.code).toBe(0);
    const id = made.json().memory.id as string;

    expect((await runCli(['sync', folder, '--once', '--profile', 'me'], { dataDir })).code).toBe(0);
    const file = readdirSync(folder).find((f) => f.endsWith('.md') && f !== 'MEMORY.md')!;
    const original = readFileSync(path.join(folder, file), 'utf8');
    expect(original).toContain('Always squash merge feature branches.');

    writeFileSync(path.join(folder, file), original.replaceAll('Always squash merge feature branches.', 'Always rebase feature branches before merging.'));
    expect((await runCli(['sync', folder, '--once', '--profile', 'me'], { dataDir })).code).toBe(0);
    const chain = (await runCli(['history', 'team.merge_policy', '--profile', 'me', '--json'], { dataDir })).json();
    expect(chain.map((m: { content: string; status: string }) => [m.content, m.status])).toEqual([
      ['Always squash merge feature branches.', 'superseded'],
      ['Always rebase feature branches before merging.', 'active'],
    ]);
    expect(chain[0].id).toBe(id);

    // A deletion is seen by a running watcher (a one-shot run cannot tell a deleted file from a new memory).
    const watcher = spawn(process.execPath, [CLI, 'sync', folder, '--profile', 'me', '--debounce-ms', '50', '--data-dir', dataDir], { env: { ...process.env, MNEMO_EMBEDDER: 'hashing' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    watcher.stderr.on('data', (d: Buffer) => (log += d.toString()));
    await until(() => log.includes('watching'));
    const current = readdirSync(folder).find((f) => f.endsWith('.md') && f !== 'MEMORY.md')!;
    unlinkSync(path.join(folder, current));
    await until(() => log.includes('forgotten') || log.includes('forget'));
    watcher.kill('SIGTERM');
    await new Promise((r) => watcher.once('exit', r));
    const active = (await runCli(['list', '--profile', 'me', '--json'], { dataDir })).json();
    expect(active.items).toEqual([]);
  });
});
