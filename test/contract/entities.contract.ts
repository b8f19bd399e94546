import { describe, expect, it } from 'vitest';
import { type Harness, mem, msg } from './harness.js';

export function entityContract(h: Harness): void {
  describe('entity index', () => {
    it('indexes every mention in messages and memories across sessions, including rows written after a read', async () => {
      const s = h.store();
      const a = msg('s1', 'user', 'Ann: We took Luna to Brighton beach last week.');
      const b = msg('s2', 'assistant', 'Bob: Did Luna like the water, Ann?');
      await s.insertMessages([a, b]);
      const m = mem('Their friend Ann adopted a dog named Luna', { sessionId: 's1' });
      await s.writeMemories([m]);
      const luna = await s.entityMentions(['luna']);
      expect(luna.map((x) => [x.kind, x.id, x.sessionId]).sort()).toEqual(
        [['memory', m.id, 's1'], ['message', a.id, 's1'], ['message', b.id, 's2']].sort(),
      );
      await s.indexEntities();
      // Written after the index was read: the next read sees it.
      const c = msg('s3', 'user', 'Ann: Luna turned two today.');
      await s.insertMessages([c]);
      expect((await s.entityMentions(['luna'])).map((x) => x.id)).toContain(c.id);
      const counts = await s.entityCounts(['luna', 'ann', 'brighton', 'nobody']);
      expect(Object.fromEntries(counts)).toEqual({ luna: 4, ann: 4, brighton: 1 });
      const listed = await s.listEntities({ limit: 2 });
      expect(listed.map((e) => e.entity).sort()).toEqual(['ann', 'luna']);
      expect(listed.find((e) => e.entity === 'luna')).toMatchObject({ mentions: 4, sessions: 3 });
    });

    it('does not count sentence openers that are never names, and limits mentions per entity', async () => {
      const s = h.store();
      await s.insertMessages([msg('s1', 'user', 'Wow. Thanks for the tip about Redis.'), msg('s1', 'user', 'Honestly Redis was faster.')]);
      expect(await s.entityCounts(['wow', 'thanks', 'honestly', 'redis'])).toEqual(new Map([['redis', 2]]));
      expect(await s.entityMentions(['redis'], { limit: 1 })).toHaveLength(1);
      expect(await s.entityCounts(['redis'], { atMost: 0 })).toEqual(new Map([['redis', 1]]));
    });

    it('drops the mentions of forgotten memories and erases those of purged ones with their source messages', async () => {
      const s = h.store();
      const source = msg('s1', 'user', 'My doctor is Dr Okafor at Riverside clinic.');
      await s.insertMessages([source]);
      const kept = mem('The user sees Dr Okafor', { sourceMessageIds: [source.id] });
      const dropped = mem('Dr Okafor moved to Riverside');
      await s.writeMemories([kept, dropped]);
      expect((await s.entityCounts(['okafor'])).get('okafor')).toBe(3);
      await s.forget(dropped.id, { purge: false });
      expect((await s.entityCounts(['okafor'])).get('okafor')).toBe(2);
      await s.forget(kept.id, { purge: true });
      expect(await s.entityMentions(['okafor', 'riverside'])).toEqual([]);
      expect((await s.listEntities()).map((e) => e.entity)).not.toContain('okafor');
      // A memory superseded by a newer one under its topic key leaves the index; the newer one is in it.
      const old = mem('The user runs Postgres on Hetzner', { topicKey: 'project.hosting' });
      await s.writeMemories([old]);
      expect((await s.entityCounts(['hetzner'])).get('hetzner')).toBe(1);
      const newer = mem('The user moved hosting to Fly from Hetzner', { topicKey: 'project.hosting' });
      await s.writeMemories([newer]);
      expect((await s.entityMentions(['hetzner'])).map((x) => x.id)).toEqual([newer.id]);
    });

    it("leaves consolidation's digests out: a name counts once per statement, a merged memory stays in", async () => {
      const s = h.store();
      const members = [mem('Ann took Luna to the beach', { sessionId: 's1' }), mem('Ann walks Luna every morning', { sessionId: 's2' })];
      const topic = mem('Ann on luna: Ann took Luna to the beach; Ann walks Luna every morning', { tags: ['semantic', 'luna'], derivedFrom: members.map((m) => m.id) });
      const summary = mem('Session 2024-03-01: Ann took Luna to the beach', { sessionId: 's1', tags: ['summary'], derivedFrom: [members[0]!.id] });
      const merged = mem('Ann adopted Luna in May', { derivedFrom: [members[0]!.id] });
      await s.writeMemories([...members, topic, summary, merged]);
      expect((await s.entityCounts(['luna'])).get('luna')).toBe(3);
      expect((await s.entityMentions(['luna'])).map((x) => x.id).sort()).toEqual([...members.map((m) => m.id), merged.id].sort());
    });

    it('keeps profiles apart', async () => {
      const s = h.store();
      const other = await h.provider().open('other');
      await other.insertMessages([msg('s1', 'user', 'I met Zanzibar yesterday.')]);
      await s.insertMessages([msg('s1', 'user', 'Nothing named here.')]);
      expect(await s.entityMentions(['zanzibar'])).toEqual([]);
      expect((await other.entityMentions(['zanzibar'])).length).toBe(1);
    });
  });
}
