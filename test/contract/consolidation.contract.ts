import { describe, expect, it } from 'vitest';
import { type Harness, at, expectCode, mem } from './harness.js';

export function consolidationContract(h: Harness): void {
  describe('consolidation and working memory', () => {
    it('commits a merge in one step: members superseded by the merged memory, derivedFrom kept, group recorded; the same commit again changes nothing', async () => {
      const s = h.store();
      const a = mem('Ann moved to Berlin in May', { sourceMessageIds: ['m1'], topicKey: 'ann.city', createdAt: at(1) });
      const b = mem('Ann moved to Berlin in May 2024', { sourceMessageIds: ['m2'], createdAt: at(2) });
      await s.writeMemories([a, b]);
      const merged = mem('Ann moved to Berlin in May 2024', { sourceMessageIds: ['m1', 'm2'], topicKey: 'ann.city', derivedFrom: [a.id, b.id], createdAt: at(2) });
      const commit = { groupKey: 'merge:x', memory: merged, requireActive: [a.id, b.id], supersede: [a.id, b.id], enqueue: [{ kind: 'embed', payload: { memoryIds: [merged.id] } }] };
      const [res] = await s.commitConsolidation([commit]);
      expect(res!.outcome).toBe('written');
      expect(await s.getMemory(merged.id)).toMatchObject({ status: 'active', derivedFrom: [a.id, b.id], sourceMessageIds: ['m1', 'm2'] });
      expect(await s.getMemory(a.id)).toMatchObject({ status: 'superseded', supersededBy: merged.id });
      expect(await s.getMemory(b.id)).toMatchObject({ status: 'superseded', supersededBy: merged.id });
      expect(await s.consolidationGroups(['merge:x', 'nope'])).toEqual([{ key: 'merge:x', memoryId: merged.id, members: [a.id, b.id] }]);
      expect((await s.history('ann.city')).map((m) => [m.id, m.status])).toEqual([[a.id, 'superseded'], [merged.id, 'active']]);
      expect((await s.listAudit({ memoryId: a.id })).some((e) => e.action === 'consolidate')).toBe(true);
      expect((await s.listJobs({ kind: 'embed' })).length).toBe(1);

      expect(await s.commitConsolidation([commit])).toEqual([{ outcome: 'unchanged', memoryId: merged.id }]);
      expect(await s.countMemories({ status: 'active' })).toBe(1);
      expect((await s.listJobs({ kind: 'embed' })).length).toBe(1);
    });

    it('searches derived memories apart: the others keep their full-text hits and scores, `derived` picks either side', async () => {
      const s = h.store();
      const ann = mem('Ann paints portraits of her dog', { sourceMessageIds: ['m1'], createdAt: at(1) });
      const bread = mem('Ann bakes sourdough bread on Sundays', { sourceMessageIds: ['m2'], createdAt: at(2) });
      const ben = mem('Ben paints the garden fence', { sourceMessageIds: ['m3'], createdAt: at(3) });
      const cara = mem('Cara swims in the lake every morning', { sourceMessageIds: ['m4'], createdAt: at(4) });
      await s.writeMemories([ann, bread, ben, cara]);
      const scored = async (opts = {}) => (await s.searchMemories({ terms: ['paints', 'portraits', 'bread'] }, { limit: 10, ...opts })).map((x) => [x.item.id, x.score]);
      const before = await scored();
      expect(await s.hasDerivedMemories()).toBe(false);
      const digest = mem('Ann on painting: paints portraits, paints portraits of her dog, bakes bread, paints', {
        sourceMessageIds: ['m1', 'm2'], tags: ['semantic', 'painting'], derivedFrom: [ann.id, bread.id], createdAt: at(5),
      });
      await s.commitConsolidation([{ groupKey: 'topic:ann:painting', memory: digest, requireActive: [ann.id, bread.id], supersede: [] }]);
      expect(await s.hasDerivedMemories()).toBe(true);
      expect(await scored({ derived: 'exclude' })).toEqual(before);
      const all = await scored();
      expect(all.filter(([id]) => id !== digest.id)).toEqual(before);
      expect(all.map(([id]) => id)).toContain(digest.id);
      expect((await scored({ derived: 'only' })).map(([id]) => id)).toEqual([digest.id]);
    });

    it('refuses a stale group (a member is no longer active) and writes nothing', async () => {
      const s = h.store();
      const a = mem('Bob plays chess', { sourceMessageIds: ['m1'] });
      const b = mem('Bob plays chess on Sundays', { sourceMessageIds: ['m2'] });
      await s.writeMemories([a, b]);
      await s.forget(b.id, { purge: false });
      const gathered = mem('Bob on chess: plays chess; plays chess on Sundays', { derivedFrom: [a.id, b.id] });
      const alone = mem('Bob on Sundays: plays chess', { derivedFrom: [a.id] });
      const res = await s.commitConsolidation([
        { groupKey: 'topic:bob:chess', memory: gathered, requireActive: [a.id, b.id], supersede: [] },
        { groupKey: 'topic:bob:sunday', memory: alone, requireActive: [a.id], supersede: [] },
      ]);
      expect(res[0]).toEqual({ outcome: 'stale', inactive: [b.id] });
      expect(res[1]!.outcome).toBe('written'); // a stale group never holds back the others in its batch
      expect(await s.getMemory(gathered.id)).toBeNull();
      expect(await s.consolidationGroups(['topic:bob:chess'])).toEqual([]);
    });

    it('replaces a group memory with its next version and purges derived memories with their source', async () => {
      const s = h.store();
      const a = mem('Cy paints', { sourceMessageIds: ['m1'] });
      const b = mem('Cy paints landscapes', { sourceMessageIds: ['m2'] });
      const c = mem('Cy paints portraits', { sourceMessageIds: ['m3'] });
      await s.writeMemories([a, b, c]);
      const v1 = mem('Cy on painting: paints; paints landscapes', { derivedFrom: [a.id, b.id], sourceMessageIds: ['m1', 'm2'] });
      await s.commitConsolidation([{ groupKey: 'topic:cy:paint', memory: v1, requireActive: [a.id, b.id], supersede: [] }]);
      const v2 = mem('Cy on painting: paints; paints landscapes; paints portraits', { derivedFrom: [a.id, b.id, c.id], sourceMessageIds: ['m1', 'm2', 'm3'] });
      const [res] = await s.commitConsolidation([{ groupKey: 'topic:cy:paint', memory: v2, requireActive: [a.id, b.id, c.id], supersede: [v1.id] }]);
      expect(res!.outcome === 'written' && res!.superseded).toEqual([v1.id]);
      expect(await s.getMemory(v1.id)).toMatchObject({ status: 'superseded', supersededBy: v2.id });
      expect((await s.consolidationGroups(['topic:cy:paint']))[0]!.memoryId).toBe(v2.id);

      await s.forget(c.id, { purge: true, reason: 'asked' });
      const purged = (await s.getMemory(v2.id))!;
      expect(purged.content).toBe('[purged]');
      expect(purged.status).toBe('forgotten');
      expect((await s.searchMemories({ terms: ['portraits'] }, { limit: 10 })).length).toBe(0);
    });

    it('exports and imports derivedFrom', async () => {
      const s = h.store();
      const a = mem('Dee swims', { sourceMessageIds: ['m1'] });
      const b = mem('Dee swims daily', { sourceMessageIds: ['m2'] });
      await s.writeMemories([a, b]);
      const merged = mem('Dee swims daily', { derivedFrom: [a.id, b.id], sourceMessageIds: ['m1', 'm2'] });
      await s.commitConsolidation([{ groupKey: 'merge:d', memory: merged, requireActive: [a.id, b.id], supersede: [a.id, b.id] }]);
      const dump = await s.dump();
      const other = await h.provider().open('copy');
      await other.load(dump, 'replace');
      expect(await other.getMemory(merged.id)).toMatchObject({ derivedFrom: [a.id, b.id], status: 'active' });
      expect(await other.getMemory(a.id)).toMatchObject({ derivedFrom: [], status: 'superseded', supersededBy: merged.id });
    });

    it('keeps working items per session and ends a session in one transaction: kept items promoted, the rest dropped', async () => {
      const s = h.store();
      await s.putWorkingItems([
        { id: 'w1', sessionId: 's1', content: 'Goal: fix the login bug', type: 'task', keep: false },
        { id: 'w2', sessionId: 's1', content: 'The bug is in the session cookie', type: 'fact', keep: true },
        { id: 'w3', sessionId: 's2', content: 'Other session note', type: 'fact', keep: false },
      ]);
      const [updated] = await s.putWorkingItems([{ id: 'w1', sessionId: 's1', content: 'Goal: fix the login bug today', type: 'task', keep: false }]);
      expect(updated).toMatchObject({ id: 'w1', content: 'Goal: fix the login bug today' });
      expect((await s.listWorkingItems('s1')).map((i) => [i.id, i.keep])).toEqual([['w1', false], ['w2', true]]);
      expect(await s.deleteWorkingItems('s2', ['w3'])).toBe(1);
      const promoted = mem('The bug is in the session cookie', { sessionId: 's1' });
      const res = await s.endWorkingSession('s1', await s.listWorkingItems('s1'), [promoted]);
      expect(res.promoted.map((m) => m.id)).toEqual([promoted.id]);
      expect(res.removed.sort()).toEqual(['w1', 'w2']);
      expect(await s.listWorkingItems('s1')).toEqual([]);
      expect(await s.getMemory(promoted.id)).toMatchObject({ status: 'active', sessionId: 's1' });
    });

    it('keys working items by (session, id): the same id in another session is another item', async () => {
      const s = h.store();
      await s.putWorkingItems([{ id: 'shared', sessionId: 'a', content: 'A: the deploy is blocked', type: 'fact', keep: true }]);
      const [b] = await s.putWorkingItems([{ id: 'shared', sessionId: 'b', content: 'B: scratch', type: 'fact', keep: false }]);
      expect(b).toMatchObject({ id: 'shared', sessionId: 'b', content: 'B: scratch' });
      expect(await s.listWorkingItems('a')).toMatchObject([{ id: 'shared', sessionId: 'a', content: 'A: the deploy is blocked', keep: true }]);
      expect(await s.deleteWorkingItems('b', ['shared'])).toBe(1);
      expect((await s.listWorkingItems('a')).map((i) => i.content)).toEqual(['A: the deploy is blocked']);
    });

    it('ending a session deletes only the items it read: one added or edited meanwhile stays', async () => {
      const s = h.store();
      await s.putWorkingItems([
        { id: 'r1', sessionId: 's', content: 'read and dropped', type: 'fact', keep: false },
        { id: 'r2', sessionId: 's', content: 'read, then edited', type: 'fact', keep: false },
      ]);
      const read = await s.listWorkingItems('s');
      await s.putWorkingItems([
        { id: 'late', sessionId: 's', content: 'added while the session ended', type: 'fact', keep: true },
        { id: 'r2', sessionId: 's', content: 'read, then edited: keep this', type: 'fact', keep: true },
      ]);
      const res = await s.endWorkingSession('s', read, []);
      expect(res).toEqual({ promoted: [], removed: ['r1'] });
      expect((await s.listWorkingItems('s')).map((i) => [i.id, i.content, i.keep]).sort()).toEqual([
        ['late', 'added while the session ended', true], ['r2', 'read, then edited: keep this', true]]);
    });

    it('setStatus with `from` changes only a memory in that status, else a conflict that changes nothing', async () => {
      const s = h.store();
      const task = mem('Rotate the staging certificates', { type: 'task' });
      await s.writeMemories([task]);
      await s.forget(task.id, { purge: true });
      await expectCode(s.setStatus(task.id, 'done', 'completed', { from: 'active' }), 'conflict');
      expect(await s.getMemory(task.id)).toMatchObject({ status: 'forgotten', content: '[purged]' });
      expect((await s.listAudit({ memoryId: task.id })).map((a) => a.action)).not.toContain('status');
      const other = mem('Renew the domain', { type: 'task' });
      await s.writeMemories([other]);
      expect(await s.setStatus(other.id, 'done', 'completed', { from: 'active' })).toMatchObject({ status: 'done' });
      expect(await s.setStatus(other.id, 'done', 'again', { from: 'active' })).toMatchObject({ status: 'done' });
    });
  });
}
