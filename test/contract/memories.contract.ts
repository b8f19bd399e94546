import { describe, expect, it } from 'vitest';
import { type Harness, at, expectCode, mem } from './harness.js';

export function memoryContract(h: Harness): void {
  describe('memories: writing', () => {
    it('writes with defaults and audits the write', async () => {
      const m = mem('The project uses GraphQL', { tags: ['api'], queries: ['Which API style does the project use?'] });
      const res = await h.store().writeMemories([m], { actor: 'test' });
      expect(res.skipped).toEqual([]);
      expect(res.written).toHaveLength(1);
      const got = await h.store().getMemory(m.id);
      expect(got).toMatchObject({ id: m.id, type: 'fact', content: m.content, status: 'active', supersededBy: null, tags: ['api'] });
      expect(got!.queries).toEqual(m.queries);
      expect(Date.parse(got!.createdAt)).not.toBeNaN();
      expect(Date.parse(got!.updatedAt)).not.toBeNaN();
      expect((await h.store().listAudit({ memoryId: m.id })).map((a) => a.action)).toEqual(['write']);
      expect(await h.store().getMemory('0'.repeat(32))).toBeNull();
    });

    it('round-trips every field', async () => {
      const m = mem('Deployed v2.3 to production', {
        type: 'event', eventTime: '2026-04-15T00:00:00.000Z', sessionId: 's9', sourceMessageIds: ['a'.repeat(32)],
        importance: 0.9, createdAt: at(5), updatedAt: at(6),
      });
      await h.store().writeMemories([m]);
      expect(await h.store().getMemory(m.id)).toEqual({
        ...m, status: 'active', supersededBy: null,
        tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null, // lifecycle defaults
        metadata: {}, userId: null, agentId: null, runId: null, // scope defaults
        derivedFrom: [], // consolidation default
        expiresAt: null, attachment: null, // task expiry and perceptual defaults
      });
    });

    it('ignores a repeated id', async () => {
      const m = mem('original');
      await h.store().writeMemories([m]);
      const res = await h.store().writeMemories([{ ...m, content: 'changed' }]);
      expect(res.written).toEqual([]);
      expect(res.skipped).toEqual([{ id: m.id, existingId: m.id }]);
      expect((await h.store().getMemory(m.id))!.content).toBe('original');
    });

    it('skips an identical active memory of the same type', async () => {
      const first = mem('The project uses GraphQL');
      await h.store().writeMemories([first]);
      const same = mem('  the PROJECT uses   graphql ');
      const res = await h.store().writeMemories([same]);
      expect(res.skipped).toEqual([{ id: same.id, existingId: first.id }]);
      expect(await h.store().getMemory(same.id)).toBeNull();
      const asInstruction = mem('The project uses GraphQL', { type: 'instruction' });
      expect((await h.store().writeMemories([asInstruction])).written).toHaveLength(1);
      await h.store().forget(first.id, { purge: false });
      const afterForget = mem('The project uses GraphQL');
      expect((await h.store().writeMemories([afterForget])).written).toHaveLength(1);
      const inBatch = [mem('batch twin'), mem('Batch  twin')];
      const batchRes = await h.store().writeMemories(inBatch);
      expect(batchRes.skipped).toEqual([{ id: inBatch[1].id, existingId: inBatch[0].id }]);
    });
  });

  describe('memories: topic-key supersession', () => {
    it('keeps the newest of a chain of three active', async () => {
      const [a, b, c] = ['npm', 'yarn', 'pnpm'].map((pm, i) =>
        mem(`The user uses ${pm}`, { topicKey: 'user.package_manager', createdAt: at(i) }));
      await h.store().writeMemories([a]);
      const rb = await h.store().writeMemories([b]);
      expect(rb.superseded).toEqual([{ id: a.id, by: b.id }]);
      const rc = await h.store().writeMemories([c]);
      expect(rc.superseded).toEqual([{ id: b.id, by: c.id }]);
      const chain = await h.store().history('user.package_manager');
      expect(chain.map((m) => m.id)).toEqual([a.id, b.id, c.id]);
      expect(chain.map((m) => m.status)).toEqual(['superseded', 'superseded', 'active']);
      expect(chain.map((m) => m.supersededBy)).toEqual([b.id, c.id, null]);
      expect((await h.store().memoriesByTopicKeys(['user.package_manager'])).map((m) => m.id)).toEqual([c.id]);
      const audit = await h.store().listAudit({ memoryId: a.id });
      expect(audit.map((e) => e.action)).toEqual(['write', 'supersede']);
    });

    it('keeps the later createdAt active when an older memory arrives late', async () => {
      const newer = mem('The database is PostgreSQL', { topicKey: 'project.database', createdAt: at(10) });
      const older = mem('The database is MySQL', { topicKey: 'project.database', createdAt: at(1) });
      await h.store().writeMemories([newer]);
      const res = await h.store().writeMemories([older]);
      expect(res.written.map((m) => m.id)).toEqual([older.id]);
      expect(res.superseded).toEqual([{ id: older.id, by: newer.id }]);
      expect(await h.store().getMemory(older.id)).toMatchObject({ status: 'superseded', supersededBy: newer.id });
      expect(await h.store().getMemory(newer.id)).toMatchObject({ status: 'active', supersededBy: null });
      expect((await h.store().history('project.database')).map((m) => m.id)).toEqual([older.id, newer.id]);
    });

    it('processes one batch in order and lets instructions supersede too', async () => {
      const first = mem('Always run lint before deploying', { type: 'instruction', topicKey: 'workflow.deploy', createdAt: at(1) });
      const second = mem('Run lint and tests before deploying', { type: 'instruction', topicKey: 'workflow.deploy', createdAt: at(2) });
      const res = await h.store().writeMemories([first, second]);
      expect(res.written).toHaveLength(2);
      expect(res.superseded).toEqual([{ id: first.id, by: second.id }]);
      expect((await h.store().getMemory(first.id))!.status).toBe('superseded');
    });

    it('never supersedes events or memories without a key', async () => {
      const e1 = mem('Deployed v1', { type: 'event', topicKey: 'project.deploy', createdAt: at(1) });
      const e2 = mem('Deployed v2', { type: 'event', topicKey: 'project.deploy', createdAt: at(2) });
      const f1 = mem('Fact one', { createdAt: at(1) });
      const f2 = mem('Fact two', { createdAt: at(2) });
      const res = await h.store().writeMemories([e1, e2, f1, f2]);
      expect(res.superseded).toEqual([]);
      expect(await h.store().countMemories({ status: 'active' })).toBe(4);
    });
  });

  describe('memories: listing', () => {
    it('filters by type, status, session and topic key', async () => {
      await h.store().writeMemories([
        mem('f1', { sessionId: 's1', topicKey: 'a.b', createdAt: at(1) }),
        mem('f2', { sessionId: 's1', topicKey: 'a.b', createdAt: at(2) }),
        mem('i1', { type: 'instruction', sessionId: 's2', createdAt: at(3) }),
        mem('e1', { type: 'event', sessionId: 's2', createdAt: at(4) }),
        mem('t1', { type: 'task', createdAt: at(5) }),
      ]);
      const contents = async (f: Parameters<ReturnType<Harness['store']>['listMemories']>[0]) =>
        (await h.store().listMemories(f)).items.map((m) => m.content);
      expect(await contents({ limit: 10 })).toEqual(['t1', 'e1', 'i1', 'f2', 'f1']);
      expect(await contents({ limit: 10, type: 'fact' })).toEqual(['f2', 'f1']);
      expect(await contents({ limit: 10, type: ['event', 'task'] })).toEqual(['t1', 'e1']);
      expect(await contents({ limit: 10, status: 'superseded' })).toEqual(['f1']);
      expect(await contents({ limit: 10, status: ['active'], sessionId: 's1' })).toEqual(['f2']);
      expect(await contents({ limit: 10, topicKey: 'a.b' })).toEqual(['f2', 'f1']);
      expect(await h.store().countMemories()).toBe(5);
      expect(await h.store().countMemories({ status: 'active' })).toBe(4);
      expect(await h.store().countMemories({ type: ['fact', 'task'], sessionId: 's1' })).toBe(2);
    });

    it('pages through 120 memories with a cursor, without duplicates or gaps', async () => {
      // Groups of three share a createdAt so the id tie-break is exercised.
      const all = Array.from({ length: 120 }, (_, i) => mem(`memory number ${i}`, { createdAt: at(Math.floor(i / 3)) }));
      await h.store().writeMemories(all);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await h.store().listMemories({ limit: 25, cursor });
        seen.push(...page.items.map((m) => m.id));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(new Set(seen).size).toBe(120);
      const expected = [...all].sort((x, y) => (x.createdAt! === y.createdAt! ? (x.id < y.id ? 1 : -1) : x.createdAt! < y.createdAt! ? 1 : -1));
      expect(seen).toEqual(expected.map((m) => m.id));
      const exact = await h.store().listMemories({ limit: 120 });
      expect(exact.items).toHaveLength(120);
      expect(exact.nextCursor).toBeNull();
    });

    it('rejects an invalid cursor', async () => {
      await expectCode(h.store().listMemories({ limit: 5, cursor: 'not a cursor!' }), 'invalid_input');
    });

    it('looks up topic keys exactly and by prefix', async () => {
      await h.store().writeMemories([
        mem('pm', { topicKey: 'user.package_manager', createdAt: at(1) }),
        mem('editor', { topicKey: 'user.editor', type: 'instruction', createdAt: at(2) }),
        mem('db', { topicKey: 'project.database', createdAt: at(3) }),
        mem('userland', { topicKey: 'userland.thing', createdAt: at(4) }),
      ]);
      const contents = (ms: { content: string }[]) => ms.map((m) => m.content).sort();
      expect(contents(await h.store().memoriesByTopicKeys(['user.editor', 'project.database']))).toEqual(['db', 'editor']);
      expect(contents(await h.store().memoriesByTopicKeys(['user.']))).toEqual(['editor', 'pm']);
      expect(contents(await h.store().memoriesByTopicKeys(['user.'], { types: ['fact'] }))).toEqual(['pm']);
      expect((await h.store().memoriesByTopicKeys(['user.'], { limit: 1 })).map((m) => m.content)).toEqual(['editor']);
      expect((await h.store().memoriesByTopicKeys(['user.package_manager', 'project.database', 'user.editor'], { limit: 2 })).map((m) => m.content)).toEqual(['db', 'editor']);
      expect(await h.store().memoriesByTopicKeys(['user.'], { limit: 0 })).toEqual([]);
      expect((await h.store().memoriesByTopicKeys(['user.', 'project.database'], { types: ['fact'], limit: 1 })).map((m) => m.content)).toEqual(['db']);
      expect(await h.store().memoriesByTopicKeys(['user'])).toEqual([]);
      expect(await h.store().memoriesByTopicKeys([])).toEqual([]);
      expect(await h.store().topicKeys()).toEqual(['project.database', 'user.editor', 'user.package_manager', 'userland.thing']);
      expect(await h.store().topicKeys('user.')).toEqual(['user.editor', 'user.package_manager']);
    });
  });
}
