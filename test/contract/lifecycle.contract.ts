import { describe, expect, it } from 'vitest';
import { TIER_REVISION_KEY } from '../../src/store/lifecycle-store.js';
import { type Harness, at, mem } from './harness.js';

export function lifecycleContract(h: Harness): void {
  describe('lifecycle', () => {
    it('writes hot, unread, unpinned memories by default and keeps given lifecycle fields', async () => {
      const s = h.store();
      const plain = mem('The user likes tea');
      const pinned = mem('The user is allergic to peanuts', { pinned: true, halfLifeDays: 12.5, tier: 'cold', accessCount: 3, lastAccessedAt: at(5) });
      const { written } = await s.writeMemories([plain, pinned]);
      expect(written[0]).toMatchObject({ tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null });
      expect(await s.getMemory(pinned.id)).toMatchObject({ tier: 'cold', accessCount: 3, lastAccessedAt: at(5), pinned: true, halfLifeDays: 12.5 });
    });

    it('folds batches of logged accesses into the rows and rehydrates cold memories recall returned', async () => {
      const s = h.store();
      const a = mem('Alpha');
      const b = mem('Beta', { tier: 'cold' });
      await s.writeMemories([a, b]);
      await s.appendAccesses([
        { memoryId: a.id, hits: 2, at: at(10), rehydrate: false },
        { memoryId: b.id, hits: 1, at: at(20), rehydrate: true },
      ], { enqueue: [{ kind: 'lifecycle.fold', payload: {} }] });
      await s.appendAccesses([{ memoryId: a.id, hits: 1, at: at(5), rehydrate: false }]);
      expect((await s.getMemory(a.id))!.accessCount).toBe(0); // nothing folded yet
      expect((await s.listJobs({ kind: 'lifecycle.fold' })).length).toBe(1);
      const rev = await s.getMeta(TIER_REVISION_KEY);
      const folded = await s.foldAccesses(100);
      expect(folded).toEqual({ folded: 3, rehydrated: [b.id] });
      expect(await s.getMemory(a.id)).toMatchObject({ accessCount: 3, lastAccessedAt: at(10), tier: 'hot' });
      expect(await s.getMemory(b.id)).toMatchObject({ accessCount: 1, lastAccessedAt: at(20), tier: 'hot' });
      expect(await s.getMeta(TIER_REVISION_KEY)).not.toBe(rev);
      expect(await s.foldAccesses(100)).toEqual({ folded: 0, rehydrated: [] });
    });

    it('queues a fold only when none is pending: writers that each ask for one leave one, and a claimed one does not count', async () => {
      const s = h.store();
      const a = mem('Alpha');
      await s.writeMemories([a]);
      const fold = { kind: 'lifecycle.fold', payload: {} };
      for (let i = 0; i < 3; i++) await s.appendAccesses([{ memoryId: a.id, hits: 1, at: at(i), rehydrate: false }], { enqueue: [fold] });
      expect((await s.listJobs({ kind: 'lifecycle.fold', status: 'pending' })).length).toBe(1);
      const claimed = await s.claimJob({ workerId: 'w', leaseMs: 60_000, kinds: ['lifecycle.fold'] });
      expect(claimed?.kind).toBe('lifecycle.fold');
      // The claimed fold may have read the log already: an access after it queues the next one.
      await s.appendAccesses([{ memoryId: a.id, hits: 1, at: at(9), rehydrate: false }], { enqueue: [fold] });
      expect((await s.listJobs({ kind: 'lifecycle.fold', status: 'pending' })).length).toBe(1);
      expect((await s.listJobs({ kind: 'lifecycle.fold' })).length).toBe(2);
    });

    it('sets tiers, lists the cold ids and replaces the archive index', async () => {
      const s = h.store();
      const a = mem('Gamma');
      const b = mem('Delta');
      await s.writeMemories([a, b]);
      expect(await s.setTier([a.id, b.id], 'cold')).toBe(2);
      expect(await s.setTier([a.id], 'cold')).toBe(0);
      expect((await s.coldMemoryIds()).sort()).toEqual([a.id, b.id].sort());
      const entries = [
        { kind: 'topic' as const, key: 'user.drink', terms: ['user', 'drink'], memberIds: [a.id] },
        { kind: 'session' as const, key: 's1', terms: ['gamma'], memberIds: [a.id, b.id] },
      ];
      await s.replaceArchive(entries);
      expect(await s.archiveEntries()).toEqual([entries[1], entries[0]]);
      await s.replaceArchive([]);
      expect(await s.archiveEntries()).toEqual([]);
      expect(await s.getMemory(a.id)).toMatchObject({ tier: 'cold', content: 'Gamma' });
    });

    it('concurrent archive replacements (a tier run and the fold job\'s) leave one whole index, never a key conflict', async () => {
      const s = h.store();
      const a = mem('Zeta');
      await s.writeMemories([a]);
      const entries = [{ kind: 'topic' as const, key: 'user.zeta', terms: ['zeta'], memberIds: [a.id] }];
      await Promise.all(Array.from({ length: 6 }, () => s.replaceArchive(entries)));
      expect(await s.archiveEntries()).toEqual(entries);
    });

    it('dump and load keep every lifecycle field', async () => {
      const s = h.store();
      const m = mem('Epsilon', { pinned: true, halfLifeDays: 3, tier: 'cold', accessCount: 7, lastAccessedAt: at(9) });
      await s.writeMemories([m]);
      const dump = await s.dump();
      const other = await h.provider().open('copy');
      await other.load(dump, 'replace');
      expect((await other.dump()).memories).toEqual(dump.memories);
      expect(await other.getMemory(m.id)).toMatchObject({ pinned: true, halfLifeDays: 3, tier: 'cold', accessCount: 7, lastAccessedAt: at(9) });
    });
  });
}
