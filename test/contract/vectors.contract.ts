import { describe, expect, it } from 'vitest';
import { type Harness, at, expectCode, mem, msg, vec } from './harness.js';

export function vectorContract(h: Harness): void {
  describe('vectors', () => {
    async function threeMemories() {
      const a = mem('alpha', { sessionId: 's1', createdAt: at(1) });
      const b = mem('beta', { type: 'instruction', sessionId: 's2', createdAt: at(2) });
      const c = mem('gamma', { type: 'event', sessionId: 's1', createdAt: at(3) });
      await h.store().writeMemories([a, b, c]);
      await h.store().upsertVectors([
        { kind: 'memory', id: a.id, vector: vec(1, 0, 0, 0) },
        { kind: 'memory', id: b.id, vector: vec(0.8, 0.6, 0, 0) },
        { kind: 'memory', id: c.id, vector: vec(0, 0, 1, 0) },
      ]);
      return { a, b, c };
    }

    it('stores vectors and returns nearest neighbours by cosine similarity', async () => {
      const { a, b, c } = await threeMemories();
      expect(await h.store().countVectors()).toBe(3);
      expect(await h.store().countVectors('memory')).toBe(3);
      expect(await h.store().countVectors('message')).toBe(0);
      const hits = await h.store().searchVectors(vec(1, 0.1, 0, 0), { kind: 'memory', limit: 10 });
      expect(hits.map((x) => x.item.id)).toEqual([a.id, b.id, c.id]);
      expect(hits.map((x) => x.rank)).toEqual([1, 2, 3]);
      expect(hits[0].item.kind).toBe('memory');
      expect(hits[0].score).toBeCloseTo(1 / Math.sqrt(1.01), 4);
      expect(hits[2].score).toBeCloseTo(0, 4);
      for (const x of hits) expect(x.score).toBeGreaterThanOrEqual(-1), expect(x.score).toBeLessThanOrEqual(1);
      expect(await h.store().searchVectors(vec(1, 0, 0, 0), { kind: 'memory', limit: 1 })).toHaveLength(1);
    });

    it('replaces the vector of an owner', async () => {
      const { a, c } = await threeMemories();
      await h.store().upsertVectors([{ kind: 'memory', id: a.id, vector: vec(0, 0, 0.9, 0.1) }]);
      expect(await h.store().countVectors()).toBe(3);
      const hits = await h.store().searchVectors(vec(0, 0, 1, 0), { kind: 'memory', limit: 2 });
      expect(hits.map((x) => x.item.id)).toEqual([c.id, a.id]);
    });

    it('filters by memory type and session', async () => {
      const { a, b, c } = await threeMemories();
      const q = vec(1, 0.1, 0, 0);
      const ids = async (opts: object) =>
        (await h.store().searchVectors(q, { kind: 'memory', limit: 10, ...opts })).map((x) => x.item.id);
      expect(await ids({ types: ['instruction', 'event'] })).toEqual([b.id, c.id]);
      expect(await ids({ sessionId: 's1' })).toEqual([a.id, c.id]);
      expect(await ids({ sessionId: 's1', types: ['event'] })).toEqual([c.id]);
      expect(await ids({ sessionId: 'nobody' })).toEqual([]);
    });

    it('drops vectors of superseded and forgotten memories', async () => {
      const old = mem('uses npm', { topicKey: 'user.package_manager', createdAt: at(1) });
      const other = mem('other');
      await h.store().writeMemories([old, other]);
      await h.store().upsertVectors([
        { kind: 'memory', id: old.id, vector: vec(1, 0, 0) },
        { kind: 'memory', id: other.id, vector: vec(0, 1, 0) },
      ]);
      await h.store().writeMemories([mem('uses pnpm', { topicKey: 'user.package_manager', createdAt: at(2) })]);
      expect(await h.store().countVectors('memory')).toBe(1);
      expect((await h.store().searchVectors(vec(1, 0, 0), { kind: 'memory', limit: 5 })).map((x) => x.item.id)).toEqual([other.id]);
      await h.store().forget(other.id, { purge: false });
      expect(await h.store().searchVectors(vec(1, 0, 0), { kind: 'memory', limit: 5 })).toEqual([]);
      // A late vector for a superseded memory must not bring it back into search.
      await h.store().upsertVectors([{ kind: 'memory', id: old.id, vector: vec(1, 0, 0) }]);
      expect(await h.store().searchVectors(vec(1, 0, 0), { kind: 'memory', limit: 5 })).toEqual([]);
    });

    it('deletes vectors, lists missing ones and clears', async () => {
      const { a, b } = await threeMemories();
      const task = mem('follow up with Sam', { type: 'task' });
      const fresh = mem('not yet embedded');
      await h.store().writeMemories([task, fresh]);
      const m1 = msg('s1', 'user', 'hello vectors');
      const m2 = msg('s1', 'user', 'second message');
      await h.store().insertMessages([m1, m2]);
      await h.store().upsertVectors([{ kind: 'message', id: m1.id, vector: vec(0, 1, 0, 0) }]);
      expect(await h.store().missingVectors('memory', 10)).toEqual([{ kind: 'memory', id: fresh.id }]);
      expect(await h.store().missingVectors('message', 10)).toEqual([{ kind: 'message', id: m2.id }]);
      await h.store().deleteVectors([{ kind: 'memory', id: a.id }, { kind: 'memory', id: 'f'.repeat(32) }]);
      expect(await h.store().countVectors('memory')).toBe(2);
      expect((await h.store().missingVectors('memory', 10)).map((o) => o.id).sort()).toEqual([a.id, fresh.id].sort());
      expect(await h.store().missingVectors('memory', 1)).toHaveLength(1);
      expect((await h.store().searchVectors(vec(1, 0, 0, 0), { kind: 'memory', limit: 1 }))[0].item.id).toBe(b.id);
      const msgHits = await h.store().searchVectors(vec(0, 1, 0, 0), { kind: 'message', limit: 5 });
      expect(msgHits.map((x) => x.item)).toEqual([{ kind: 'message', id: m1.id }]);
      expect(await h.store().searchVectors(vec(0, 1, 0, 0), { kind: 'message', limit: 5, sessionId: 'other' })).toEqual([]);
      await h.store().clearVectors();
      expect(await h.store().countVectors()).toBe(0);
      expect(await h.store().searchVectors(vec(1, 0, 0, 0), { kind: 'memory', limit: 5 })).toEqual([]);
    });

    it('rejects a vector whose dimensions differ from the stored ones', async () => {
      const { a } = await threeMemories();
      await expectCode(h.store().upsertVectors([{ kind: 'memory', id: a.id, vector: vec(1, 0, 0) }]), 'conflict');
      expect(await h.store().countVectors()).toBe(3);
      await h.store().clearVectors();
      await h.store().upsertVectors([{ kind: 'memory', id: a.id, vector: vec(1, 0, 0) }]);
      expect(await h.store().countVectors()).toBe(1);
    });

    it('round-trips the embedding cache per embedder', async () => {
      const v1 = Float32Array.from([0.25, -0.5, 0.125]);
      const v2 = Float32Array.from([1, 2, 3]);
      await h.store().putCachedEmbeddings('hash-64', [{ textHash: 'h1', vector: v1 }, { textHash: 'h2', vector: v2 }]);
      const got = await h.store().getCachedEmbeddings('hash-64', ['h1', 'h2', 'h3']);
      expect([...got.keys()].sort()).toEqual(['h1', 'h2']);
      expect(Array.from(got.get('h1')!)).toEqual(Array.from(v1));
      expect(Array.from(got.get('h2')!)).toEqual(Array.from(v2));
      expect((await h.store().getCachedEmbeddings('other-embedder', ['h1'])).size).toBe(0);
      expect((await h.store().getCachedEmbeddings('hash-64', [])).size).toBe(0);
    });
  });
}
