/** Lifecycle through the library on both stores: pins, rehydration on read by id, salience paging, bad input. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { createPostgresProvider, openMemory } from '../src/index.js';
import type { Memory } from '../src/types.js';
import { startPostgres } from './support/postgres-server.js';

const server = await startPostgres();
if (!server.ok) console.warn(`[lifecycle-stores] PostgreSQL part SKIPPED: ${server.reason}`);
afterAll(async () => { if (server.ok) await server.stop(); });

interface Backend {
  open(): Promise<{ mnemo: MnemoApi; close(): Promise<void> }>;
}

const sqlite: Backend = {
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-life-stores-'));
    const mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    return { mnemo, async close() { await mnemo.close(); rmSync(dir, { recursive: true, force: true }); } };
  },
};

const postgres: Backend | null = server.ok ? {
  async open() {
    const url = await server.createDatabase('mnemo_life');
    const mnemo = openMemory({ store: createPostgresProvider({ connectionString: url, onWarning: () => {} }), embedder: false, worker: { background: false } });
    return { mnemo, async close() { await mnemo.close(); await server.dropDatabase(url); } };
  },
} : null;

const DAY = 86_400_000;
const id = (n: number) => n.toString(16).padStart(32, 'b');
const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e: { code?: string }) => e.code ?? String(e));
const rawStore = (p: ProfileApi) => (p as unknown as { store(): Promise<{ getMemory(id: string): Promise<Memory | null> }> }).store();

/** Imports memories written `days` ago (remember would stamp them now). */
async function seed(p: ProfileApi, items: { n: number; content: string; days: number; type?: Memory['type']; importance?: number; tier?: Memory['tier']; pinned?: boolean }[]): Promise<void> {
  const template = (await p.remember({ content: 'seed row' })).memory;
  const doc = await p.export();
  await p.import({
    ...doc,
    memories: items.map((i) => {
      const at = new Date(Date.now() - i.days * DAY).toISOString();
      return { ...template, id: id(i.n), content: i.content, type: i.type ?? 'fact', topicKey: null, importance: i.importance ?? 0.5, queries: [], tags: [],
        createdAt: at, updatedAt: at, eventTime: i.type === 'event' ? at : null, tier: i.tier ?? 'hot', pinned: i.pinned ?? false, accessCount: 0, lastAccessedAt: null };
    }),
  }, { strategy: 'replace' });
}

for (const [name, backend] of [['SQLite', sqlite], ['PostgreSQL', postgres]] as const) {
  (backend ? describe : describe.skip)(`lifecycle on ${name}`, () => {
    let h: Awaited<ReturnType<Backend['open']>>;
    let p: ProfileApi;
    beforeEach(async () => {
      h = await backend!.open();
      p = h.mnemo.profile('life');
    });
    afterEach(async () => h.close());

    it('remember can pin: the pin keeps full salience, never goes cold, and survives the export round trip', async () => {
      const pinned = (await p.remember({ content: 'The user is allergic to peanuts', importance: 0.4, pinned: true })).memory;
      const plain = (await p.remember({ content: 'The user had toast for breakfast', importance: 0.4 })).memory;
      expect(pinned.pinned).toBe(true);
      expect(plain.pinned).toBe(false);
      expect(await p.get(pinned.id)).toMatchObject({ pinned: true });
      const res = await p.tier({ coldBelow: 1 });
      expect(res.cooled).toBe(1);
      const listed = await p.list({ limit: 10 });
      expect(listed.items.find((m) => m.id === pinned.id)).toMatchObject({ tier: 'hot', pinned: true });
      expect(listed.items.find((m) => m.id === plain.id)).toMatchObject({ tier: 'cold', pinned: false });
      const doc = await p.export();
      expect(doc.memories.find((m) => m.id === pinned.id)!.pinned).toBe(true);
      const copy = h.mnemo.profile('life-copy');
      await copy.import(doc);
      expect((await copy.export()).memories).toEqual(doc.memories);
      await expect(p.remember({ content: 'x', pinned: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('pinned') });
    });

    it('update can pin an existing memory in place: same id, no new version, back to hot, kept by tiering; unpin lets it go', async () => {
      await seed(p, [
        { n: 1, content: 'The user is allergic to peanuts', days: 400, tier: 'cold', importance: 0.2 },
        { n: 2, content: 'The user had toast for breakfast', days: 400, importance: 0.2 },
      ]);
      const res = await p.update(id(1), { pinned: true });
      expect(res.memory).toMatchObject({ id: id(1), pinned: true, tier: 'hot', status: 'active', content: 'The user is allergic to peanuts' });
      expect(res.previous).toMatchObject({ id: id(1), pinned: false, tier: 'cold' });
      expect(res.memory.salience!).toBeGreaterThan(res.previous.salience!);
      expect((await p.list({ limit: 10 })).items.filter((m) => m.status === 'active')).toHaveLength(3);
      expect((await p.tier({ coldBelow: 1 })).cooled).toBe(2);
      expect(await p.get(id(1))).toMatchObject({ tier: 'hot', pinned: true });

      await p.update(id(1), { pinned: false });
      await p.tier({ coldBelow: 1 });
      expect(await (await rawStore(p)).getMemory(id(1))).toMatchObject({ tier: 'cold', pinned: false });

      const again = await p.remember({ content: 'The user had toast for breakfast', pinned: true });
      expect(again).toMatchObject({ created: false, memory: { id: id(2), pinned: true } });

      const revised = await p.update(id(2), { content: 'The user had porridge for breakfast', pinned: true });
      expect(revised.memory).toMatchObject({ pinned: true, content: 'The user had porridge for breakfast' });
      expect(revised.memory.id).not.toBe(id(2));
      expect(await code(p.update(id(2), { pinned: true }))).toBe('conflict');
      expect(await code(p.update(id(1), { pinned: 'yes' as unknown as boolean }))).toBe('invalid_input');
    });

    it('a read by id queues a cold memory back to hot through the batched access log, never inline', async () => {
      await seed(p, [
        { n: 1, content: 'Caroline took up pottery classes', days: 400, tier: 'cold' },
        { n: 2, content: 'Caroline moved to Lisbon', days: 400, tier: 'cold' },
      ]);
      const read = await p.get(id(1));
      expect(read.tier).toBe('cold');
      expect(await (await rawStore(p)).getMemory(id(1))).toMatchObject({ tier: 'cold', accessCount: 0 });
      await p.drain();
      const store = await rawStore(p);
      expect(await store.getMemory(id(1))).toMatchObject({ tier: 'hot', accessCount: 1 });
      expect(await store.getMemory(id(2))).toMatchObject({ tier: 'cold', accessCount: 0 });
    });

    it('list --sort salience pages by key: every memory once, in order, even when one is written between pages', async () => {
      await seed(p, [
        { n: 1, content: 'Fact written a year ago', days: 365 },
        { n: 2, content: 'Event last week', days: 7, type: 'event' },
        { n: 3, content: 'Event last quarter', days: 90, type: 'event' },
        { n: 4, content: 'Always reply in French', days: 500, type: 'instruction' },
        { n: 5, content: 'An important fact', days: 30, importance: 0.9 },
        { n: 6, content: 'Pinned long ago', days: 900, pinned: true },
        { n: 7, content: 'A minor fact', days: 2, importance: 0.1 },
      ]);
      const whole = (await p.list({ limit: 50, sort: 'salience' })).items;
      expect(whole).toHaveLength(8); // the seed row stays
      const s = whole.map((m) => m.salience!);
      expect([...s].sort((a, b) => b - a)).toEqual(s);
      const paged: Memory[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await p.list({ limit: 2, sort: 'salience', cursor });
        paged.push(...page.items);
        cursor = page.nextCursor ?? undefined;
        if (++pages === 1) await p.remember({ content: 'Written between pages', importance: 1 });
      } while (cursor && pages < 10);
      expect(pages).toBe(4);
      expect(paged.map((m) => m.id)).toEqual(whole.map((m) => m.id));
      await expect(p.list({ sort: 'salience', cursor: Buffer.from('salience:2').toString('base64url') })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('cursor') });
    });

    it('bad input: a negative half-life, an unknown tier, consolidating an unknown profile; nothing is written', async () => {
      await seed(p, [{ n: 1, content: 'Caroline took up pottery classes', days: 400 }]);
      const before = await p.export();
      const settings = await p.lifecycleSettings();
      await expect(p.lifecycleSettings({ halfLifeDays: { event: -3 } })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('halfLifeDays.event') });
      await expect(p.lifecycleSettings({ accessHalfLifeDays: -1 })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('accessHalfLifeDays') });
      expect(await p.lifecycleSettings()).toEqual(settings);
      await expect(p.recall('pottery', { tiers: 'warm' as 'all' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('tiers') });
      await expect(p.import({ ...before, memories: before.memories.map((m) => ({ ...m, tier: 'lukewarm' as Memory['tier'] })) }, { strategy: 'replace' }))
        .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('tier') });
      await expect(p.tier({ coldAfter: '-3d' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('positive duration') });
      await expect(p.tier({ tier: 'warm' } as never)).rejects.toMatchObject({ code: 'invalid_input' });
      expect(await code(h.mnemo.profile('nobody').consolidate())).toBe('not_found');
      expect(await h.mnemo.listProfiles()).not.toContain('nobody');
      await p.drain();
      expect((await p.export()).memories).toEqual(before.memories);
    });
  });
}
