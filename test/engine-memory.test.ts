import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import type { MnemoApi, ProfileApi } from '../src/api.js';

let dir: string;
let mem: MnemoApi;
let p: ProfileApi;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-mem-'));
  mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
  p = mem.profile('default');
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('remember, supersession, history, forget', () => {
  it('supersedes a fact with the same topic key and keeps the chain', async () => {
    const a = await p.remember({ content: 'The project uses npm.', topicKey: 'project.package_manager' });
    const b = await p.remember({ content: 'The project uses pnpm.', topicKey: 'project.package_manager' });
    const c = await p.remember({ content: 'The project uses bun.', topicKey: 'project.package_manager' });
    expect(b.superseded).toEqual([a.memory.id]);
    expect(c.superseded).toEqual([b.memory.id]);
    const chain = await p.history('project.package_manager');
    expect(chain.map((m) => m.content)).toEqual(['The project uses npm.', 'The project uses pnpm.', 'The project uses bun.']);
    expect(chain.map((m) => m.status)).toEqual(['superseded', 'superseded', 'active']);
    expect(chain[0].supersededBy).toBe(b.memory.id);
    expect(chain[1].supersededBy).toBe(c.memory.id);
    const r = await p.recall('which package manager does the project use');
    expect(r.memories[0].content).toBe('The project uses bun.');
    expect(r.memories.map((m) => m.id)).not.toContain(a.memory.id);
  });

  it('remember is idempotent for identical active content', async () => {
    const first = await p.remember({ content: 'Staging runs on Fly.io.' });
    const again = await p.remember({ content: 'Staging runs on Fly.io.' });
    expect(again.created).toBe(false);
    expect(again.memory.id).toBe(first.memory.id);
    expect((await p.list()).items).toHaveLength(1);
  });

  it('classifies remembered statements when no type is given', async () => {
    const rule = await p.remember({ content: 'Always run the tests before pushing to main.' });
    expect(rule.memory.type).toBe('instruction');
    expect(rule.memory.queries.length).toBeGreaterThanOrEqual(3);
    const typed = await p.remember({ content: 'Waiting on review for PR 123', type: 'task' });
    expect(typed.memory.type).toBe('task');
    expect(typed.memory.topicKey).toBeNull();
  });

  it('refuses to store secrets verbatim and says what was redacted', async () => {
    const r = await p.remember({ content: 'The staging DB is postgres://app:hunter2secret@db.internal:5432/app' });
    expect(r.redactions.length).toBeGreaterThan(0);
    expect(r.memory.content).not.toContain('hunter2secret');
    expect(JSON.stringify(await p.get(r.memory.id))).not.toContain('hunter2secret');
  });

  it('forget removes a memory from recall; purge erases its content', async () => {
    const keep = await p.remember({ content: 'Lunch meetings are on Thursdays.' });
    const gone = await p.remember({ content: 'Alice lives at 12 Elm Street.' });
    await p.forget(gone.memory.id);
    expect((await p.get(gone.memory.id)).status).toBe('forgotten');
    const r = await p.recall('Where does Alice live Elm Street');
    expect(r.memories.map((m) => m.id)).not.toContain(gone.memory.id);
    await p.forget(gone.memory.id, { purge: true });
    expect((await p.get(gone.memory.id)).content).not.toContain('Elm');
    expect((await p.get(keep.memory.id)).status).toBe('active');
  });

  it('gives clear errors for unknown ids and bad input', async () => {
    await expect(p.get('0'.repeat(32))).rejects.toMatchObject({ code: 'not_found' });
    await expect(p.get('nope')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(p.remember({ content: '' })).rejects.toThrow(/content is empty/);
    await expect(p.remember({ content: 'x', type: 'opinion' as never })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(p.remember({ content: 'x', topicKey: 'Bad Key!' })).rejects.toThrow(/topicKey/);
    await expect(p.history('NOT A KEY')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(p.list({ cursor: 'garbage!!' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('treats full-text syntax in a query as plain words', async () => {
    await p.remember({ content: 'The release train leaves every Tuesday.' });
    for (const q of ['"unbalanced', 'release AND NOT train', 'NEAR(release train)', 'release*', 'content:release', '(((', '^release', "it's release-train"]) {
      const r = await p.recall(q);
      expect(Array.isArray(r.memories)).toBe(true);
    }
    expect((await p.recall('release AND NOT train')).memories[0]?.content).toContain('release train');
    await expect(p.recall('   ')).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('lists with filters and cursor pagination', async () => {
    for (let i = 0; i < 25; i++) await p.remember({ content: `Note number ${i} about topic ${i}.`, type: 'fact' });
    await p.remember({ content: 'Ship the beta on Friday.', type: 'task' });
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await p.list({ type: 'fact', limit: 10, cursor });
      page.items.forEach((m) => seen.add(m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.size).toBe(25);
    expect((await p.list({ type: 'task' })).items).toHaveLength(1);
  });

  it('exports and imports a profile exactly', async () => {
    await p.ingest([{ role: 'user', content: 'I moved to Lisbon in March 2025.', timestamp: '2025-06-01T09:00:00Z' }], { wait: true });
    await p.remember({ content: 'Prefer tabs over spaces.', topicKey: 'user.indentation' });
    await p.remember({ content: 'Prefer spaces over tabs.', topicKey: 'user.indentation' });
    const doc = await p.export();
    const q = mem.profile('copy');
    await q.import(doc);
    const again = await q.export();
    const strip = (d: typeof doc) => ({ messages: d.messages, memories: d.memories, audit: d.audit.map(({ id: _id, ...rest }) => rest) });
    expect(strip(again)).toEqual(strip(doc));
    await expect(q.import({ format: 'nope' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('merging an import supersedes older active memories under the same topic key', async () => {
    await p.remember({ content: 'The CI provider is Jenkins.', topicKey: 'project.ci' });
    const other = mem.profile('newer');
    await other.remember({ content: 'The CI provider is GitHub Actions.', topicKey: 'project.ci' });
    await p.import(await other.export(), { strategy: 'merge' });
    const chain = await p.history('project.ci');
    expect(chain.map((m) => [m.content, m.status])).toEqual([
      ['The CI provider is Jenkins.', 'superseded'],
      ['The CI provider is GitHub Actions.', 'active'],
    ]);
    const active = (await p.list({ topicKey: 'project.ci' })).items;
    expect(active).toHaveLength(1);
  });
});
