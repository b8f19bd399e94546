import { describe, expect, it } from 'vitest';
import { type Harness, at, mem, msg, vec } from './harness.js';

const ALL_STATUSES = ['active', 'superseded', 'forgotten', 'done'] as const;

export function forgetAndSearchContract(h: Harness): void {
  describe('memories: full-text search', () => {
    it('searches content, queries and tags of active memories', async () => {
      const byContent = mem('The team deploys on Fridays', { sessionId: 's1', createdAt: at(1) });
      const byQuery = mem('Dark theme everywhere', { type: 'instruction', queries: ['Which colour scheme does the user prefer?'], createdAt: at(2) });
      const byTag = mem('Budget approved', { type: 'event', tags: ['finance'], sessionId: 's2', createdAt: at(3) });
      await h.store().writeMemories([byContent, byQuery, byTag]);
      const search = (terms: string[], extra = {}) => h.store().searchMemories({ terms }, { limit: 10, ...extra });
      expect((await search(['deploying'])).map((x) => x.item.id)).toEqual([byContent.id]);
      expect((await search(['scheme'])).map((x) => x.item.id)).toEqual([byQuery.id]);
      expect((await search(['finance'])).map((x) => x.item.id)).toEqual([byTag.id]);
      const many = await search(['fridays', 'scheme', 'finance']);
      expect(many.map((x) => x.rank)).toEqual([1, 2, 3]);
      expect(many.every((x) => x.score > 0)).toBe(true);
      expect((await search(['fridays', 'scheme', 'finance'], { types: ['event', 'instruction'] })).map((x) => x.item.id).sort())
        .toEqual([byQuery.id, byTag.id].sort());
      expect((await search(['fridays', 'scheme', 'finance'], { sessionId: 's2' })).map((x) => x.item.id)).toEqual([byTag.id]);
      expect(await h.store().searchMemories({ terms: ['fridays', 'scheme'], match: 'all' }, { limit: 10 })).toEqual([]);
    });

    it('leaves superseded memories out unless asked for', async () => {
      const old = mem('The editor is vim', { topicKey: 'user.editor', createdAt: at(1) });
      const cur = mem('The editor is helix', { topicKey: 'user.editor', createdAt: at(2) });
      await h.store().writeMemories([old, cur]);
      expect((await h.store().searchMemories({ terms: ['editor'] }, { limit: 10 })).map((x) => x.item.id)).toEqual([cur.id]);
      const withOld = await h.store().searchMemories({ terms: ['editor'] }, { limit: 10, statuses: ['active', 'superseded'] });
      expect(withOld.map((x) => x.item.id).sort()).toEqual([old.id, cur.id].sort());
    });

    it('treats hostile input as plain words', async () => {
      await h.store().writeMemories([mem('postgres is the database')]);
      for (const term of ['"', 'AND OR NOT', 'NEAR(', '*', 'col:', '(', '^', 'content:', '"x', '']) {
        const hits = await h.store().searchMemories({ terms: [term, 'postgres'] }, { limit: 5 });
        expect(hits).toHaveLength(1);
        expect(Array.isArray(await h.store().searchMemories({ terms: [term], match: 'all' }, { limit: 5 }))).toBe(true);
      }
      expect(await h.store().searchMemories({ terms: [] }, { limit: 5 })).toEqual([]);
    });
  });

  describe('memories: forget', () => {
    it('soft-forgets: out of search, key lookup and vectors; audited', async () => {
      const m = mem('The wifi password hint is banana', { topicKey: 'home.wifi' });
      await h.store().writeMemories([m]);
      await h.store().upsertVectors([{ kind: 'memory', id: m.id, vector: vec(1, 0, 0) }]);
      const forgotten = await h.store().forget(m.id, { purge: false, reason: 'asked' });
      expect(forgotten).toMatchObject({ id: m.id, status: 'forgotten', content: m.content });
      expect(await h.store().searchMemories({ terms: ['banana'] }, { limit: 5 })).toEqual([]);
      expect(await h.store().memoriesByTopicKeys(['home.wifi'])).toEqual([]);
      expect(await h.store().countVectors('memory')).toBe(0);
      expect(await h.store().searchVectors(vec(1, 0, 0), { kind: 'memory', limit: 5 })).toEqual([]);
      expect((await h.store().listAudit({ memoryId: m.id })).map((a) => a.action)).toEqual(['write', 'forget']);
      expect(await h.store().forget('0'.repeat(32), { purge: false })).toBeNull();
    });

    it('purges content, queries, tags and the source messages', async () => {
      const source = msg('s', 'user', 'My passport number is X1234567 and I live on Elm street');
      const bystander = msg('s', 'assistant', 'Noted, I will remember that');
      await h.store().insertMessages([source, bystander]);
      await h.store().upsertVectors([{ kind: 'message', id: source.id, vector: vec(0, 1, 0) }]);
      const m = mem('The user passport number is X1234567', {
        sourceMessageIds: [source.id], queries: ['What is the passport number?'], tags: ['passport'],
      });
      await h.store().writeMemories([m]);
      const purged = await h.store().forget(m.id, { purge: true });
      expect(purged!.status).toBe('forgotten');
      expect(purged!.content).not.toContain('X1234567');
      expect(purged!.queries).toEqual([]);
      expect(purged!.tags).toEqual([]);
      for (const term of ['x1234567', 'passport', 'elm']) {
        expect(await h.store().searchMemories({ terms: [term] }, { limit: 5, statuses: [...ALL_STATUSES] })).toEqual([]);
        expect(await h.store().searchMessages({ terms: [term] }, { limit: 5 })).toEqual([]);
      }
      const [msgAfter] = await h.store().getMessages([source.id]);
      expect(msgAfter.content).not.toContain('X1234567');
      expect((await h.store().getMessages([bystander.id]))[0].content).toBe(bystander.content);
      expect(await h.store().searchMessages({ terms: ['noted'] }, { limit: 5 })).toHaveLength(1);
      expect(await h.store().countVectors('message')).toBe(0);
      const audit = await h.store().listAudit({ memoryId: m.id });
      expect(audit.map((a) => a.action)).toEqual(['write', 'purge']);
      expect(JSON.stringify(audit)).not.toContain('X1234567');
      const dumped = JSON.stringify(await h.store().dump());
      expect(dumped).not.toContain('X1234567');
    });

    it('sets a status with an audit entry', async () => {
      const task = mem('Waiting on review for PR 123', { type: 'task' });
      await h.store().writeMemories([task]);
      expect(await h.store().setStatus(task.id, 'done', 'merged')).toMatchObject({ status: 'done' });
      expect((await h.store().listAudit({ memoryId: task.id })).map((a) => a.action)).toEqual(['write', 'status']);
      expect(await h.store().searchMemories({ terms: ['review'] }, { limit: 5 })).toEqual([]);
      expect(await h.store().setStatus('0'.repeat(32), 'done')).toBeNull();
    });
  });
}
