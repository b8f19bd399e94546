import { describe, expect, it } from 'vitest';
import { type Harness, expectCode, mem, msg, vec } from './harness.js';

export function isolationContract(h: Harness): void {
  describe('profiles', () => {
    it('never lets two profiles see each other', async () => {
      const one = await h.provider().open('one');
      const two = await h.provider().open('two');
      const m = msg('s', 'user', 'shared words about kubernetes');
      await one.insertMessages([m]);
      const memory = mem('kubernetes runs the cluster', { topicKey: 'infra.orchestrator' });
      await one.writeMemories([memory]);
      await one.upsertVectors([{ kind: 'memory', id: memory.id, vector: vec(1, 0) }]);
      await one.enqueueJobs([{ kind: 'extract', payload: {} }]);
      await one.setMeta('k', 'v');

      expect(await two.countMessages()).toBe(0);
      expect(await two.getMessages([m.id])).toEqual([]);
      expect(await two.knownMessageIds([m.id])).toEqual([]);
      expect(await two.searchMessages({ terms: ['kubernetes'] }, { limit: 5 })).toEqual([]);
      expect(await two.getMemory(memory.id)).toBeNull();
      expect(await two.searchMemories({ terms: ['kubernetes'] }, { limit: 5 })).toEqual([]);
      expect(await two.memoriesByTopicKeys(['infra.orchestrator'])).toEqual([]);
      expect(await two.countVectors()).toBe(0);
      expect(await two.searchVectors(vec(1, 0), { kind: 'memory', limit: 5 })).toEqual([]);
      expect(await two.claimJob({ workerId: 'w', leaseMs: 1000 })).toBeNull();
      expect(await two.getMeta('k')).toBeNull();
      expect(await two.listAudit()).toEqual([]);
      expect(await two.lastAuditId()).toBe(0);
      const oneAudit = await one.listAudit();
      expect(await one.lastAuditId()).toBe(oneAudit[oneAudit.length - 1].id);

      // The same ids may exist independently in both.
      expect((await two.insertMessages([m])).inserted).toEqual([m.id]);
      expect((await two.writeMemories([memory])).written).toHaveLength(1);
      expect(one.profile).toBe('one');
      expect(two.profile).toBe('two');
    });

    it('lists opened profiles and reopens the same data', async () => {
      await (await h.provider().open('alpha')).writeMemories([mem('in alpha')]);
      await h.provider().open('beta.team-1_x');
      const names = await h.provider().listProfiles();
      expect(names).toEqual(expect.arrayContaining(['alpha', 'beta.team-1_x', 'test']));
      const again = await h.provider().open('alpha');
      expect(await again.countMemories()).toBe(1);
    });

    it('rejects invalid profile names', async () => {
      for (const name of ['../x', '', 'A', 'a'.repeat(101), 'a/b', '.hidden', 'a..b', 'with space']) {
        await expectCode(h.provider().open(name), 'invalid_profile');
      }
      const longest = await h.provider().open('a'.repeat(100));
      expect(longest.profile).toBe('a'.repeat(100));
    });
  });
}
