/**
 * Working memory is settled when its session is ingested (not only at `session.end()`): kept
 * items become long-term memories, the rest are dropped, other sessions keep theirs. On SQLite
 * and PostgreSQL (a throwaway cluster, or skipped saying why).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type MnemoApi, createPostgresProvider, openMemory } from '../src/index.js';
import { startPostgres } from './support/postgres-server.js';

function workingMemoryAtIngest(open: () => Promise<{ mnemo: MnemoApi; cleanup: () => Promise<void> }>): void {
  it('promotes the kept items of the ingested sessions, drops the rest, and leaves other sessions alone', async () => {
    const { mnemo, cleanup } = await open();
    try {
      const p = mnemo.profile('agent');
      await p.session('run-1').add({ content: 'Lead: the cache key omits the tenant id', keep: true });
      await p.session('run-1').add({ content: 'Scratch: grep the logs for 502s' });
      await p.session('run-2').add({ content: 'Scratch for another session', keep: true });

      const res = await p.ingest([
        { role: 'user', content: 'The checkout page times out for tenant 7.' },
        { role: 'assistant', content: 'The cache key omits the tenant id; I will add it.' },
      ], { sessionId: 'run-1' });
      expect(res.inserted).toBe(2);
      expect(res.working).toMatchObject({ dropped: 1 });
      expect(res.working!.promoted).toHaveLength(1);
      const promoted = await p.get(res.working!.promoted[0]!);
      expect(promoted).toMatchObject({ content: 'Lead: the cache key omits the tenant id', sessionId: 'run-1', status: 'active' });
      expect(await p.session('run-1').list()).toEqual([]);
      expect((await p.session('run-2').list()).map((i) => i.content)).toEqual(['Scratch for another session']);

      // Nothing left to settle: the next ingest of the session says nothing about working memory.
      const again = await p.ingest([{ role: 'user', content: 'Thanks, that fixed it.' }], { sessionId: 'run-1' });
      expect(again.working).toBeUndefined();
      expect((await p.list({ limit: 100 })).items.filter((m) => m.content === promoted.content)).toHaveLength(1);
    } finally {
      await cleanup();
    }
  });

  it('settles every session a batch carries, and a re-ingest of known messages still settles', async () => {
    const { mnemo, cleanup } = await open();
    try {
      const p = mnemo.profile('agent');
      const first = await p.ingest([{ role: 'user', content: 'We deploy on Fridays.', sessionId: 'a' }]);
      expect(first.working).toBeUndefined();
      await p.session('a').add({ content: 'Scratch in a' });
      await p.session('b').add({ content: 'Decision: freeze deploys during the audit', keep: true, type: 'instruction' });
      const res = await p.ingest([
        { role: 'user', content: 'We deploy on Fridays.', sessionId: 'a' },
        { role: 'user', content: 'The audit starts Monday.', sessionId: 'b' },
      ]);
      expect(res.duplicates).toBe(1);
      expect(res.working!.dropped).toBe(1);
      const [id] = res.working!.promoted;
      expect(await p.get(id!)).toMatchObject({ type: 'instruction', sessionId: 'b', content: 'Decision: freeze deploys during the audit' });
      expect(await p.session('a').list()).toEqual([]);
      expect(await p.session('b').list()).toEqual([]);
    } finally {
      await cleanup();
    }
  });
}

describe('working memory at ingest: sqlite', () => {
  workingMemoryAtIngest(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mnemo-wm-ingest-'));
    const mnemo = openMemory({ dataDir, embedder: false, worker: { background: false } });
    return { mnemo, cleanup: async () => { await mnemo.close(); await rm(dataDir, { recursive: true, force: true }); } };
  });
});

const server = await startPostgres();
if (!server.ok) {
  describe.skip(`working memory at ingest: postgres (skipped: ${server.reason})`, () => { it('needs a PostgreSQL server', () => {}); });
} else {
  afterAll(() => server.stop());
  describe('working memory at ingest: postgres', () => {
    workingMemoryAtIngest(async () => {
      const url = await server.createDatabase('wm');
      const mnemo = openMemory({ store: createPostgresProvider({ connectionString: url, onWarning: () => {} }), embedder: false, worker: { background: false } });
      return { mnemo, cleanup: async () => { await mnemo.close(); await server.dropDatabase(url); } };
    });
  });
}
