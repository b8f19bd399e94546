import { describe, expect, it } from 'vitest';
import { type Harness, msg } from './harness.js';

const HOSTILE = ['"', 'AND OR NOT', 'NEAR(', '*', 'col:', '(', '^', ')', '"unbalanced', 'a"b', 'x AND', '-', '+', '{}', 'NOT'];

export function messageContract(h: Harness): void {
  describe('messages', () => {
    it('inserts by content-addressed id and ignores repeats', async () => {
      const batch = [msg('s1', 'user', 'hello there'), msg('s1', 'assistant', 'hi'), msg('s1', 'user', 'bye')];
      const first = await h.store().insertMessages(batch);
      expect(first.inserted).toEqual(batch.map((m) => m.id));
      expect(first.existing).toEqual([]);
      const again = await h.store().insertMessages(batch);
      expect(again.inserted).toEqual([]);
      expect(again.existing.sort()).toEqual(batch.map((m) => m.id).sort());
      expect(await h.store().countMessages()).toBe(3);
    });

    it('keeps insertion order in seq and filters by session and afterSeq', async () => {
      const a = ['one', 'two', 'three'].map((c) => msg('a', 'user', c));
      const b = msg('b', 'user', 'other session');
      await h.store().insertMessages([a[0], b]);
      await h.store().insertMessages([a[1], a[2]]);
      const listed = await h.store().listMessages({ sessionId: 'a' });
      expect(listed.map((m) => m.content)).toEqual(['one', 'two', 'three']);
      const seqs = listed.map((m) => m.seq);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      expect(new Set(seqs).size).toBe(3);
      expect((await h.store().listMessages({ sessionId: 'a', afterSeq: seqs[0] })).map((m) => m.content)).toEqual(['two', 'three']);
      expect(await h.store().listMessages({ limit: 2 })).toHaveLength(2);
      expect(await h.store().listMessages()).toHaveLength(4);
    });

    it('round-trips fields and returns getMessages in the order asked', async () => {
      const m1 = msg('s', 'user', 'first', { timestamp: '2026-04-15T10:00:00.000Z', metadata: { source: 'x', n: 1 } });
      const m2 = msg('s', 'tool', 'second');
      await h.store().insertMessages([m1, m2]);
      const got = await h.store().getMessages([m2.id, 'f'.repeat(32), m1.id]);
      expect(got.map((m) => m.id)).toEqual([m2.id, m1.id]);
      expect(got[1]).toMatchObject({ sessionId: 's', role: 'user', content: 'first', timestamp: m1.timestamp, metadata: { source: 'x', n: 1 } });
      expect(got[0].metadata).toBeNull();
      expect(typeof got[0].createdAt).toBe('string');
      expect((await h.store().knownMessageIds([m2.id, 'f'.repeat(32), m1.id])).sort()).toEqual([m1.id, m2.id].sort());
      expect(await h.store().knownMessageIds([])).toEqual([]);
    });

    it('returns a message with its session neighbours', async () => {
      const a = [1, 2, 3, 4, 5].map((i) => msg('a', 'user', `a${i}`));
      const b = [1, 2, 3].map((i) => msg('b', 'user', `b${i}`));
      await h.store().insertMessages([a[0], b[0], a[1], b[1], a[2], b[2], a[3], a[4]]);
      const around = await h.store().messageNeighbours(a[2].id, 1, 1);
      expect(around.map((m) => m.content)).toEqual(['a2', 'a3', 'a4']);
      expect((await h.store().messageNeighbours(a[0].id, 2, 2)).map((m) => m.content)).toEqual(['a1', 'a2', 'a3']);
      expect((await h.store().messageNeighbours(a[4].id, 2, 0)).map((m) => m.content)).toEqual(['a3', 'a4', 'a5']);
      expect(await h.store().messageNeighbours('0'.repeat(32), 1, 1)).toEqual([]);
      const many = await h.store().messagesAround([a[4].id, '0'.repeat(32), b[0].id, a[2].id], 1, 1);
      expect(many.map((w) => w.map((m) => m.content))).toEqual([['a4', 'a5'], [], ['b1', 'b2'], ['a2', 'a3', 'a4']]);
      expect(await h.store().messagesAround([], 1, 1)).toEqual([]);
    });

    it('searches full text with stemming, ranks and session filters', async () => {
      await h.store().insertMessages([
        msg('s1', 'user', 'We migrated the database to PostgreSQL last week'),
        msg('s1', 'assistant', 'Deploying to production requires the lint step'),
        msg('s2', 'user', 'The databases are backed up nightly, the database backup is important'),
      ]);
      const hits = await h.store().searchMessages({ terms: ['databases'] }, { limit: 10 });
      expect(hits).toHaveLength(2);
      expect(hits.map((x) => x.rank)).toEqual([1, 2]);
      expect(hits[0].score).toBeGreaterThanOrEqual(hits[1].score);
      expect(hits[0].item.sessionId).toBe('s2');
      const deployed = await h.store().searchMessages({ terms: ['deployed'] }, { limit: 10 });
      expect(deployed.map((x) => x.item.content)).toEqual(['Deploying to production requires the lint step']);
      const scoped = await h.store().searchMessages({ terms: ['database'] }, { limit: 10, sessionIds: ['s1'] });
      expect(scoped.map((x) => x.item.sessionId)).toEqual(['s1']);
      const any = await h.store().searchMessages({ terms: ['postgresql', 'lint'], match: 'any' }, { limit: 10 });
      expect(any).toHaveLength(2);
      const all = await h.store().searchMessages({ terms: ['postgresql', 'lint'], match: 'all' }, { limit: 10 });
      expect(all).toHaveLength(0);
      expect(await h.store().searchMessages({ terms: ['database'] }, { limit: 1 })).toHaveLength(1);
    });

    it('treats hostile search input as plain words, never as syntax', async () => {
      await h.store().insertMessages([msg('s', 'user', 'near the col of the mountain, not far'), msg('s', 'user', 'postgres is our database')]);
      for (const term of HOSTILE) {
        for (const match of ['any', 'all'] as const) {
          const hits = await h.store().searchMessages({ terms: [term], match }, { limit: 5 });
          expect(Array.isArray(hits)).toBe(true);
          const mixed = await h.store().searchMessages({ terms: [term, 'postgres'], match: 'any' }, { limit: 5 });
          expect(mixed.map((x) => x.item.content)).toContain('postgres is our database');
        }
      }
      const quoted = await h.store().searchMessages({ terms: ['postgres"'] }, { limit: 5 });
      expect(quoted).toHaveLength(1);
      const nearWord = await h.store().searchMessages({ terms: ['NEAR('] }, { limit: 5 });
      expect(nearWord.map((x) => x.item.content)).toEqual(['near the col of the mountain, not far']);
    });

    it('returns nothing for empty terms', async () => {
      await h.store().insertMessages([msg('s', 'user', 'anything')]);
      expect(await h.store().searchMessages({ terms: [] }, { limit: 5 })).toEqual([]);
      expect(await h.store().searchMessages({ terms: ['', '   '] }, { limit: 5 })).toEqual([]);
    });
  });
}
