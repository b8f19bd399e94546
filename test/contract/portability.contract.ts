import { describe, expect, it } from 'vitest';
import type { Store, StoreDump } from '../../src/store/store.js';
import { type Harness, at, mem, msg, vec } from './harness.js';

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
    it('round-trips a profile with replace', async () => {
      await fill(h.store());
      const original = await h.store().dump();
      expect(original.memories.map((m) => m.status).sort()).toEqual(['active', 'active', 'forgotten', 'superseded']);
      const target = await h.provider().open('copy');
      await target.writeMemories([mem('to be wiped')]);
      await target.insertMessages([msg('z', 'user', 'to be wiped')]);
      expect(await target.load(original, 'replace')).toEqual({ messages: 2, memories: 4 });
      const copy = await target.dump();
      expect(withoutIds(copy)).toEqual(withoutIds(original));
      expect(copy.messages.map((m) => m.id)).toEqual(original.messages.map((m) => m.id));
      expect(await target.searchMessages({ terms: ['wiped'] }, { limit: 5 })).toEqual([]);
      expect(await target.searchMemories({ terms: ['pnpm'] }, { limit: 5 })).toHaveLength(1);
    });

    it('replace wipes vectors; merge keeps existing rows', async () => {
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
      expect(await target.countMemories()).toBe(4);
    });

    it('merge keeps topic-key supersession: a newer imported memory replaces the active one, an older one arrives superseded', async () => {
      const target = await h.provider().open('merge-keys');
      const local = mem('The CI provider is Jenkins', { topicKey: 'project.ci', createdAt: at(5) });
      await target.writeMemories([local]);
      const newer = mem('The CI provider is GitHub Actions', { topicKey: 'project.ci', createdAt: at(6) });
      const older = mem('The CI provider is Travis', { topicKey: 'project.ci', createdAt: at(1) });
      await target.load({ messages: [], memories: [{ ...newer, status: 'active', supersededBy: null, createdAt: at(6), updatedAt: at(6) }, { ...older, status: 'active', supersededBy: null, createdAt: at(1), updatedAt: at(1) }], audit: [] }, 'merge');
      const chain = await target.history('project.ci');
      const byId = new Map(chain.map((m) => [m.id, m]));
      expect(byId.get(newer.id)!.status).toBe('active');
      expect(byId.get(local.id)).toMatchObject({ status: 'superseded', supersededBy: newer.id });
      expect(byId.get(older.id)!.status).toBe('superseded');
      expect((await target.listMemories({ topicKey: 'project.ci', status: 'active', limit: 10 })).items.map((m) => m.id)).toEqual([newer.id]);
    });
  });
}
