import { describe, expect, it } from 'vitest';
import { at, type Harness, mem, msg } from './harness.js';

/** The inspector's reads: browse filters with keyset paging, inspection counts, the timeline, job retry. */
export function inspectContract(h: Harness): void {
  describe('inspection', () => {
    const seed = async () => {
      await h.store().writeMemories([
        mem('The deploy runbook lives in the wiki', { tags: ['ops', 'docs'], createdAt: at(1) }),
        mem('Lunch is at noon', { tags: ['team'], createdAt: at(2), sessionId: 's1' }),
        mem('Deployed version 2.3 to production', { type: 'event', eventTime: '2026-04-15T16:00:00.000Z', tags: ['ops'], createdAt: at(3) }),
        mem('Shipped the mobile app', { type: 'event', eventTime: '2026-05-02T09:00:00.000Z', createdAt: at(4) }),
        mem('Retro happened', { type: 'event', eventTime: '2025-12-01T09:00:00.000Z', createdAt: at(5) }),
      ]);
    };

    it('browses by tag, created range, session and full text, newest first', async () => {
      await seed();
      const contents = async (f: Parameters<ReturnType<Harness['store']>['browseMemories']>[0]) =>
        (await h.store().browseMemories(f)).items.map((m) => m.content);
      expect(await contents({ limit: 10, tag: 'ops' })).toEqual(['Deployed version 2.3 to production', 'The deploy runbook lives in the wiki']);
      expect(await contents({ limit: 10, createdFrom: at(2), createdTo: at(4) })).toEqual(['Deployed version 2.3 to production', 'Lunch is at noon']);
      expect(await contents({ limit: 10, sessionId: 's1' })).toEqual(['Lunch is at noon']);
      expect(await contents({ limit: 10, text: 'deployed production' })).toEqual(['Deployed version 2.3 to production']);
      expect(await contents({ limit: 10, text: 'deploy', type: 'fact' })).toEqual(['The deploy runbook lives in the wiki']);
      expect(await contents({ limit: 10, text: 'wiki "OR" NEAR(' })).toEqual([]);
      expect(await contents({ limit: 10, text: '*** ))' })).toEqual([]);
      expect(await contents({ limit: 10, tier: 'cold' })).toEqual([]);
      expect(await contents({ limit: 10, tier: 'hot', type: 'event' })).toHaveLength(3);
    });

    it('pages with a cursor through every match exactly once, and past the end is empty', async () => {
      await seed();
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await h.store().browseMemories({ limit: 2, cursor });
        seen.push(...page.items.map((m) => m.content));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
      const last = await h.store().browseMemories({ limit: 5 });
      expect(last.nextCursor).toBeNull();
      const page = await h.store().browseMemories({ limit: 4 });
      const rest = await h.store().browseMemories({ limit: 4, cursor: page.nextCursor! });
      expect(rest).toEqual({ items: [expect.objectContaining({ content: 'The deploy runbook lives in the wiki' })], nextCursor: null });
    });

    it('counts memories by type, status and tier and knows the last write', async () => {
      expect(await h.store().inspect()).toMatchObject({ counts: [], lastWriteAt: null });
      await seed();
      await h.store().insertMessages([msg('s1', 'user', 'hello there', { timestamp: '2026-04-15T08:00:00.000Z' })]);
      const first = (await h.store().browseMemories({ limit: 1 })).items[0];
      await h.store().forget(first.id, { purge: false });
      const got = await h.store().inspect();
      const n = (type: string, status: string) => got.counts.find((c) => c.type === type && c.status === status && c.tier === 'hot')?.n;
      expect(n('fact', 'active')).toBe(2);
      expect(n('event', 'active')).toBe(2);
      expect(n('event', 'forgotten')).toBe(1);
      expect(Date.parse(got.lastWriteAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(got.sizeBytes === null || got.sizeBytes > 0).toBe(true);
    });

    it('buckets events and messages under a date prefix and lists them', async () => {
      await seed();
      await h.store().insertMessages([
        msg('s1', 'user', 'hello', { timestamp: '2026-04-15T08:00:00.000Z' }),
        msg('s1', 'assistant', 'hi', { timestamp: '2026-04-15T08:00:05.000Z' }),
        msg('s2', 'user', 'new week', { timestamp: '2026-04-20T08:00:00.000Z' }),
      ]);
      const years = await h.store().timeline({ prefix: '', limit: 10 });
      expect(years.buckets).toEqual([{ key: '2025', events: 1, messages: 0 }, { key: '2026', events: 2, messages: 3 }]);
      const april = await h.store().timeline({ prefix: '2026-04', limit: 10 });
      expect(april.buckets).toEqual([{ key: '2026-04-15', events: 1, messages: 2 }, { key: '2026-04-20', events: 0, messages: 1 }]);
      expect(april.events.map((e) => e.content)).toEqual(['Deployed version 2.3 to production']);
      expect(april.sessions).toEqual([
        { sessionId: 's1', first: '2026-04-15T08:00:00.000Z', last: '2026-04-15T08:00:05.000Z', messages: 2 },
        { sessionId: 's2', first: '2026-04-20T08:00:00.000Z', last: '2026-04-20T08:00:00.000Z', messages: 1 },
      ]);
      expect((await h.store().timeline({ prefix: '2026', limit: 1 })).events).toHaveLength(1);
    });

    it('retries a failed job only', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: {}, maxAttempts: 1 }]);
      expect(await h.store().retryJob(job.id)).toBeNull();
      const claimed = await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 });
      await h.store().failJob(claimed!.id, 'w', 'boom', new Date());
      expect(await h.store().getJob(job.id)).toMatchObject({ status: 'failed', lastError: 'boom' });
      const retried = await h.store().retryJob(job.id);
      expect(retried).toMatchObject({ id: job.id, status: 'pending', attempts: 0, lockedBy: null });
      expect((await h.store().claimJob({ workerId: 'w2', leaseMs: 60_000 }))?.id).toBe(job.id);
      expect(await h.store().retryJob('missing')).toBeNull();
    });
  });
}
