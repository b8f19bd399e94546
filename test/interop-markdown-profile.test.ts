import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { exportMarkdown, importMarkdown } from '../src/interop/markdown/index.js';
import { listActive } from '../src/interop/write-memories.js';

const CLAUDE_FIXTURE = fileURLToPath(new URL('./fixtures/markdown/claude-code/', import.meta.url));

let dir: string;
let folder: string;
let mem: MnemoApi;
let p: ProfileApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-mdp-'));
  folder = path.join(dir, 'md');
  mem = openMemory({ dataDir: path.join(dir, 'data'), embedder: false, worker: { background: false } });
  p = mem.profile('source');
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

const view = (list: { type: string; content: string; topicKey: string | null; eventTime: string | null; createdAt: string }[]) =>
  list.map((m) => ({ type: m.type, content: m.content, topicKey: m.topicKey, eventTime: m.eventTime, createdAt: m.createdAt }))
    .sort((a, b) => a.content.localeCompare(b.content));

describe('Markdown round trip through a profile', () => {
  it('profile → folder → new profile keeps content, type, topic key and dates; re-import changes nothing', async () => {
    await p.remember({ content: 'The project uses npm.', topicKey: 'project.package_manager' });
    await p.remember({ content: 'The project uses pnpm.', topicKey: 'project.package_manager' });
    await p.remember({ content: 'Always run lint before deploying.', type: 'instruction', topicKey: 'user.deploy_rule' });
    await p.remember({ content: 'Deployed v2.3 to production.', type: 'event', eventTime: '2026-04-15T10:00:00Z' });
    await p.remember({ content: 'Waiting on review for PR #123.', type: 'task' });
    const active = await listActive(p);
    expect(active).toHaveLength(4);
    await exportMarkdown(active, folder);

    const target = mem.profile('target');
    const res = await importMarkdown(target, folder);
    expect(res).toMatchObject({ files: 4, written: 4, skipped: 0, conflicts: [] });
    const imported = await listActive(target);
    expect(view(imported)).toEqual(view(active));
    expect(imported.every((m) => m.queries.length >= 3)).toBe(true);
    expect((await target.history('project.package_manager')).map((m) => m.content)).toEqual(['The project uses pnpm.']);
    const r = await target.recall('which package manager does the project use', { synthesize: false });
    expect(r.memories[0].content).toBe('The project uses pnpm.');

    expect(await importMarkdown(target, folder)).toMatchObject({ written: 0, skipped: 4 });
    expect(await listActive(target)).toHaveLength(4);
  });

  it('imports a Claude Code folder', async () => {
    const res = await importMarkdown(p, CLAUDE_FIXTURE);
    expect(res).toMatchObject({ files: 6, written: 6 });
    const all = await listActive(p);
    expect(all.map((m) => m.type).sort()).toEqual(['event', 'fact', 'fact', 'fact', 'instruction', 'instruction']);
    const freeze = all.find((m) => m.type === 'event')!;
    expect(freeze.eventTime).toBe('2026-03-05T00:00:00.000Z');
  });

  it('applies topic-key supersession inside the import and against older profile memories', async () => {
    const w = (f: string, body: string, created: string) =>
      writeFileSync(path.join(folder, f), `---\nname: ${f}\ntype: fact\ntopicKey: project.database\ncreated: ${created}\n---\n${body}\n`);
    cpSync(CLAUDE_FIXTURE, folder, { recursive: true });
    w('db-old.md', 'The project database is MySQL.', '2026-01-01');
    w('db-new.md', 'The project database is Postgres.', '2026-02-01');
    const res = await importMarkdown(p, folder);
    expect(res).toMatchObject({ written: 8, superseded: 1, conflicts: [] });
    const chain = await p.history('project.database');
    expect(chain.map((m) => [m.content, m.status])).toEqual([['The project database is MySQL.', 'superseded'], ['The project database is Postgres.', 'active']]);
    expect(chain[0].supersededBy).toBe(chain[1].id);
  });

  it('a folder with one bad file imports nothing', async () => {
    cpSync(CLAUDE_FIXTURE, folder, { recursive: true });
    writeFileSync(path.join(folder, 'broken.md'), '---\nname: Broken\ntype: mood\n---\nHappy.\n');
    await p.remember({ content: 'Existing memory stays alone.' });
    await expect(importMarkdown(p, folder)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/nothing was imported, 1 file problem\(s\): broken\.md: unknown type "mood"/),
    });
    expect((await p.list()).items.map((m) => m.content)).toEqual(['Existing memory stays alone.']);
  });

  it('redacts secrets in imported files like remember does', async () => {
    cpSync(CLAUDE_FIXTURE, folder, { recursive: true });
    writeFileSync(path.join(folder, 'creds.md'), '---\nname: Creds\ntype: reference\n---\nThe staging key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789.\n');
    await importMarkdown(p, folder);
    const creds = (await listActive(p)).find((m) => m.topicKey === 'reference.creds')!;
    expect(creds.content).not.toContain('abcdefghijklmnop');
    expect(creds.content).toContain('REDACTED');
  });
});
