import { describe, expect, it } from 'vitest';
import type { Store, StoreDump } from '../../src/store/store.js';
import { type Harness, at, mem, msg, vec } from './harness.js';

const LIFECYCLE_DEFAULTS = { tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null, metadata: {}, userId: null, agentId: null, runId: null, expiresAt: null, attachment: null, derivedFrom: [] as string[] } as const;

const withoutIds = (d: StoreDump) => ({
  messages: d.messages.map(({ seq: _seq, ...m }) => m),
  memories: d.memories,
  audit: d.audit.map(({ id: _id, ...a }) => a),
});

async function fill(store: Store): Promise<void> {
  const m1 = msg('s', 'user', 'We use pnpm now', { timestamp: at(0), metadata: { channel: 'cli' } });
  await store.insertMessages([m1, msg('s', 'assistant', 'Got it')]);
  await store.writeMemories([
    mem('The user uses npm', { topicKey: 'user.package_manager', createdAt: at(1) }),
    mem('The user uses pnpm', { topicKey: 'user.package_manager', createdAt: at(2), sourceMessageIds: [m1.id] }),
    mem('Standup moved to 10am', { type: 'event', eventTime: at(3), createdAt: at(3), tags: ['team'] }),
  ]);
  const forgotten = mem('Temporary note', { createdAt: at(4) });
  await store.writeMemories([forgotten]);
  await store.forget(forgotten.id, { purge: false });
}

export function portabilityContract(h: Harness): void {
  describe('audit and meta', () => {
    it('lists audit entries in order with filters', async () => {
      const a = mem('a', { topicKey: 'x.y', createdAt: at(1) });
      const b = mem('b', { topicKey: 'x.y', createdAt: at(2) });
      await h.store().writeMemories([a, b]);
      const all = await h.store().listAudit();
      expect(all.map((e) => [e.action, e.memoryId])).toEqual([['write', a.id], ['write', b.id], ['supersede', a.id]]);
      expect(all.every((e) => typeof e.id === 'number' && Date.parse(e.at) > 0)).toBe(true);
      expect(await h.store().listAudit({ afterId: all[0].id })).toEqual(all.slice(1));
      expect(await h.store().listAudit({ limit: 1 })).toEqual(all.slice(0, 1));
      expect(all[2].detail).toMatchObject({ by: b.id });
    });

    it('stores meta values', async () => {
      expect(await h.store().getMeta('embedder')).toBeNull();
      await h.store().setMeta('embedder', 'hash-64');
      await h.store().setMeta('embedder', 'glove-100');
      expect(await h.store().getMeta('embedder')).toBe('glove-100');
    });
  });

  describe('dump and load', () => {
    it('round-trips a profile with replace into an empty profile', async () => {
      await fill(h.store());
      const original = await h.store().dump();
      expect(original.memories.map((m) => m.status).sort()).toEqual(['active', 'active', 'forgotten', 'superseded']);
      const target = await h.provider().open('copy');
      expect(await target.load(original, 'replace')).toEqual({ messages: 2, memories: 4 });
      const copy = await target.dump();
      expect(withoutIds(copy)).toEqual(withoutIds(original));
      expect(copy.messages.map((m) => m.id)).toEqual(original.messages.map((m) => m.id));
      expect(await target.searchMemories({ terms: ['pnpm'] }, { limit: 5 })).toHaveLength(1);
    });

    it('replace: the incoming side wins per memory and never wipes what exists only locally', async () => {
      await fill(h.store());
      const original = await h.store().dump();
      const pnpm = original.memories.find((m) => m.content === 'The user uses pnpm')!;
      const target = await h.provider().open('replace-target');
      const stale = mem('The user uses yarn (stale local copy)', { id: pnpm.id, topicKey: 'user.package_manager', createdAt: at(1) });
      const localOnly = mem('Local only: the staging host is db-2', { createdAt: at(3) });
      await target.writeMemories([stale, localOnly]);
      const newerLocal = mem('The user uses bun', { topicKey: 'user.package_manager', createdAt: at(9) });
      await target.writeMemories([newerLocal]);
      await target.insertMessages([msg('z', 'user', 'a local message about db-2')]);
      await target.upsertVectors([{ kind: 'memory', id: localOnly.id, vector: vec(1, 0) }, { kind: 'memory', id: newerLocal.id, vector: vec(0, 1) }]);
      expect(await target.load(original, 'replace')).toEqual({ messages: 2, memories: 4 });
      // same id: the incoming row, whole
      expect(await target.getMemory(pnpm.id)).toEqual(pnpm);
      // same topic key: the incoming memory wins although the local one is newer
      expect(await target.getMemory(newerLocal.id)).toMatchObject({ status: 'superseded', supersededBy: pnpm.id });
      expect((await target.listMemories({ topicKey: 'user.package_manager', status: 'active', limit: 10 })).items.map((m) => m.id)).toEqual([pnpm.id]);
      // only local: kept, searchable, its vector kept
      expect(await target.getMemory(localOnly.id)).toMatchObject({ status: 'active', content: localOnly.content });
      expect((await target.searchMemories({ terms: ['db-2'] }, { limit: 5 })).map((s) => s.item.id)).toEqual([localOnly.id]);
      expect(await target.searchMessages({ terms: ['db-2'] }, { limit: 5 })).toHaveLength(1);
      expect(await target.countVectors()).toBe(1);
      expect(await target.countMessages()).toBe(3);
      // replacing again changes nothing more
      const before = await target.dump();
      await target.load(original, 'replace');
      expect(withoutIds(await target.dump())).toEqual(withoutIds(before));
    });

    it('keeps a task expiry and an attachment pointer through write, read, dump and load', async () => {
      const attachment = { kind: 'image' as const, uri: 'https://files.example.com/a.png', caption: 'architecture sketch', name: 'a.png', mimeType: 'image/png' };
      const task = mem('Renew the TLS certificate', { type: 'task', expiresAt: at(7) });
      const seen = mem('The user shared an image: architecture sketch', { type: 'event', eventTime: at(2), attachment });
      const plain = mem('No extras here');
      await h.store().writeMemories([task, seen, plain]);
      expect(await h.store().getMemory(task.id)).toMatchObject({ expiresAt: at(7), attachment: null });
      expect(await h.store().getMemory(seen.id)).toMatchObject({ expiresAt: null, attachment });
      expect(await h.store().getMemory(plain.id)).toMatchObject({ expiresAt: null, attachment: null });
      const copy = await h.provider().open('extras-copy');
      await copy.load(await h.store().dump(), 'merge');
      expect((await copy.getMemories([task.id, seen.id])).map((m) => [m.expiresAt, m.attachment])).toEqual([[at(7), null], [null, attachment]]);
    });

    it('replace drops the vectors of overwritten memories; merge keeps existing rows', async () => {
      await fill(h.store());
      const original = await h.store().dump();
      const target = await h.provider().open('merge-target');
      const keep = mem('kept memory', { id: original.memories[0].id, createdAt: at(9) });
      await target.writeMemories([keep, mem('local only')]);
      await target.upsertVectors([{ kind: 'memory', id: keep.id, vector: vec(1, 0) }]);
      const merged = await target.load(original, 'merge');
      expect(merged).toEqual({ messages: 2, memories: 3 });
      expect((await target.getMemory(keep.id))!.content).toBe('kept memory');
      expect(await target.countMemories()).toBe(5);
      expect(await target.countVectors()).toBe(1);
      expect(await target.load(original, 'merge')).toEqual({ messages: 0, memories: 0 });
      const auditCount = (await target.listAudit()).length;
      await target.load(original, 'merge');
      expect((await target.listAudit()).length).toBe(auditCount);
      await target.load(original, 'replace');
      expect(await target.countVectors()).toBe(0);
      expect((await target.getMemory(keep.id))!.content).toBe(original.memories[0].content);
      expect(await target.countMemories()).toBe(5);
    });

    it('merge keeps topic-key supersession: a newer imported memory replaces the active one, an older one arrives superseded', async () => {
      const target = await h.provider().open('merge-keys');
      const local = mem('The CI provider is Jenkins', { topicKey: 'project.ci', createdAt: at(5) });
      await target.writeMemories([local]);
      const newer = mem('The CI provider is GitHub Actions', { topicKey: 'project.ci', createdAt: at(6) });
      const older = mem('The CI provider is Travis', { topicKey: 'project.ci', createdAt: at(1) });
      await target.load({ messages: [], memories: [{ ...LIFECYCLE_DEFAULTS, ...newer, status: 'active', supersededBy: null, createdAt: at(6), updatedAt: at(6) }, { ...LIFECYCLE_DEFAULTS, ...older, status: 'active', supersededBy: null, createdAt: at(1), updatedAt: at(1) }], audit: [] }, 'merge');
      const chain = await target.history('project.ci');
      const byId = new Map(chain.map((m) => [m.id, m]));
      expect(byId.get(newer.id)!.status).toBe('active');
      expect(byId.get(local.id)).toMatchObject({ status: 'superseded', supersededBy: newer.id });
      expect(byId.get(older.id)!.status).toBe('superseded');
      expect((await target.listMemories({ topicKey: 'project.ci', status: 'active', limit: 10 })).items.map((m) => m.id)).toEqual([newer.id]);
    });
  });
}
