/** Scope/metadata fields, filters and revise (update as supersession): the same behaviour on every Store. */
import { describe, expect, it } from 'vitest';
import { readEvents } from '../../src/events/read-events.js';
import { parseFilter } from '../../src/filters/parse.js';
import { at, expectCode, mem, type Harness } from './harness.js';

export function scopeContract(h: Harness): void {
  describe('scope, metadata filters and revise', () => {
    async function seed() {
      const s = h.store();
      await s.writeMemories([
        mem('Alice likes tea', { userId: 'alice', agentId: 'chef', runId: 'r1', metadata: { priority: 3, team: 'red', due: '2026-03-01', vip: true }, eventTime: at(5), createdAt: at(1) }),
        mem('Alice runs marathons', { userId: 'alice', agentId: 'coach', runId: 'r2', metadata: { priority: 1, team: 'blue', nested: { level: 2 } }, eventTime: at(10), createdAt: at(2) }),
        mem('Bob likes coffee', { userId: 'bob', agentId: 'chef', runId: 'r3', metadata: { priority: 5, team: 'red', due: '2026-05-01', vip: false }, eventTime: at(20), createdAt: at(3) }),
        mem('Nobody owns this', { metadata: { priority: '3' }, createdAt: at(4) }),
      ]);
      return s;
    }
    const contents = async (filter: unknown) =>
      (await h.store().listMemories({ limit: 50, where: parseFilter(filter) })).items.map((m) => m.content).sort();

    it('keeps metadata and scope ids through write, read and dump', async () => {
      const s = await seed();
      const [alice] = (await s.listMemories({ limit: 1, where: parseFilter({ userId: 'alice', runId: 'r1' }) })).items;
      expect(alice).toMatchObject({ userId: 'alice', agentId: 'chef', runId: 'r1', metadata: { priority: 3, team: 'red', due: '2026-03-01', vip: true } });
      expect(await s.getMemory(alice.id)).toEqual(alice);
      const none = (await s.listMemories({ limit: 10, where: parseFilter({ userId: null }) })).items[0];
      expect(none).toMatchObject({ userId: null, agentId: null, runId: null });
      const dump = await s.dump();
      expect(dump.memories.find((m) => m.id === alice.id)).toEqual(alice);
    });

    it('filters on ids, metadata equality, in, gte/lte on numbers and dates, and/or', async () => {
      await seed();
      expect(await contents({ userId: 'alice' })).toEqual(['Alice likes tea', 'Alice runs marathons']);
      expect(await contents({ agentId: 'chef', 'metadata.team': 'red' })).toEqual(['Alice likes tea', 'Bob likes coffee']);
      expect(await contents({ runId: { in: ['r2', 'r3'] } })).toEqual(['Alice runs marathons', 'Bob likes coffee']);
      // Numbers compare with numbers only: the string "3" is not >= 3.
      expect(await contents({ 'metadata.priority': { gte: 3 } })).toEqual(['Alice likes tea', 'Bob likes coffee']);
      expect(await contents({ 'metadata.priority': { gte: 2, lte: 4 } })).toEqual(['Alice likes tea']);
      expect(await contents({ 'metadata.priority': '3' })).toEqual(['Nobody owns this']);
      expect(await contents({ 'metadata.due': { lte: '2026-04-01' } })).toEqual(['Alice likes tea']);
      expect(await contents({ 'metadata.nested.level': 2 })).toEqual(['Alice runs marathons']);
      expect(await contents({ 'metadata.vip': true })).toEqual(['Alice likes tea']);
      expect(await contents({ 'metadata.vip': false })).toEqual(['Bob likes coffee']);
      expect(await contents({ createdAt: { gte: at(2), lte: at(3) } })).toEqual(['Alice runs marathons', 'Bob likes coffee']);
      expect(await contents({ eventTime: at(10) })).toEqual(['Alice runs marathons']);
      expect(await contents({ eventTime: { gte: at(10), lte: at(30) } })).toEqual(['Alice runs marathons', 'Bob likes coffee']);
      expect(await contents({ eventTime: { lte: at(10) } })).toEqual(['Alice likes tea', 'Alice runs marathons']);
      expect(await contents({ or: [{ userId: 'bob' }, { and: [{ userId: 'alice' }, { 'metadata.team': 'blue' }] }] }))
        .toEqual(['Alice runs marathons', 'Bob likes coffee']);
      expect(await h.store().countMemories({ where: parseFilter({ userId: 'alice' }) })).toBe(2);
    });

    it('pages a filtered list with the cursor', async () => {
      await seed();
      const first = await h.store().listMemories({ limit: 1, where: parseFilter({ 'metadata.team': 'red' }) });
      const second = await h.store().listMemories({ limit: 1, cursor: first.nextCursor!, where: parseFilter({ 'metadata.team': 'red' }) });
      expect([first.items[0].content, second.items[0].content]).toEqual(['Bob likes coffee', 'Alice likes tea']);
      expect(second.nextCursor).toBeNull();
    });

    it('keeps identity and topic-key supersession within one user', async () => {
      const s = h.store();
      const a = mem('The user prefers tea', { topicKey: 'user.drink', userId: 'alice', createdAt: at(1) });
      const b = mem('The user prefers coffee', { topicKey: 'user.drink', userId: 'bob', createdAt: at(2) });
      const twin = mem('The user prefers tea', { topicKey: 'user.drink', userId: 'bob', createdAt: at(3) });
      const res = await s.writeMemories([a, b, twin]);
      expect(res.skipped).toEqual([]);
      expect((await s.getMemory(a.id))!.status).toBe('active');
      expect((await s.getMemory(b.id))!.status).toBe('superseded');
      expect((await s.getMemory(twin.id))!.status).toBe('active');
    });

    it('revises: the new version is active, the old one superseded by it, both audited', async () => {
      const s = h.store();
      const old = mem('The project uses npm', { topicKey: 'project.pm', userId: 'alice', metadata: { v: 1 }, createdAt: at(1) });
      await s.writeMemories([old]);
      const next = { ...mem('The project uses pnpm', { topicKey: 'project.pm', userId: 'alice', metadata: { v: 2 } }) };
      const written = await s.reviseMemory(old.id, next);
      expect(written).toMatchObject({ id: next.id, status: 'active', content: 'The project uses pnpm', userId: 'alice', metadata: { v: 2 } });
      expect(await s.getMemory(old.id)).toMatchObject({ status: 'superseded', supersededBy: next.id, content: 'The project uses npm' });
      expect((await s.history('project.pm')).map((m) => m.id)).toEqual([old.id, next.id]);
      const audit = await s.listAudit({});
      expect(audit.slice(-2).map((e) => [e.action, e.memoryId])).toEqual([['write', next.id], ['supersede', old.id]]);
      expect(await s.reviseMemory('f'.repeat(32), mem('x'))).toBeNull();
    });

    it('records a job that gave up in the audit log (the job_failed change event)', async () => {
      const s = h.store();
      const [job] = await s.enqueueJobs([{ kind: 'extract', payload: { messageIds: [] }, maxAttempts: 2 }]);
      const first = await s.claimJob({ workerId: 'w', leaseMs: 60_000 });
      await s.failJob(first!.id, 'w', 'model timed out', new Date(0));
      expect((await s.listAudit({})).some((e) => e.action === 'job_failed')).toBe(false);
      const second = await s.claimJob({ workerId: 'w', leaseMs: 60_000 });
      await s.failJob(second!.id, 'w', 'model timed out again', new Date(0));
      const last = (await s.listAudit({})).at(-1)!;
      expect(last).toMatchObject({ action: 'job_failed', memoryId: null, detail: { jobId: job.id, kind: 'extract', attempts: 2, error: 'model timed out again' } });
    });

    it('leases a meta key to one holder at a time, renewable by it, free again once expired, and deletes meta keys', async () => {
      const s = h.store();
      expect(await s.claimLease('webhook_lease:x', 'server-a', 60_000)).toBe(true);
      expect(await s.claimLease('webhook_lease:x', 'server-b', 60_000)).toBe(false);
      expect(await s.claimLease('webhook_lease:x', 'server-a', 60_000)).toBe(true);
      const both = await Promise.all([s.claimLease('webhook_lease:y', 'server-a', 60_000), s.claimLease('webhook_lease:y', 'server-b', 60_000)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await s.claimLease('webhook_lease:z', 'server-a', 1)).toBe(true);
      await new Promise((r) => setTimeout(r, 5));
      expect(await s.claimLease('webhook_lease:z', 'server-b', 60_000)).toBe(true);
      await s.setMeta('other', 'kept');
      await s.deleteMeta(['webhook_lease:x', 'webhook_lease:y', 'absent']);
      expect(await s.getMeta('webhook_lease:x')).toBeNull();
      expect(await s.getMeta('other')).toBe('kept');
      expect(await s.claimLease('webhook_lease:x', 'server-b', 60_000)).toBe(true);
    });

    it('an import replays no history as change events: one summary imported event, and a re-import none', async () => {
      const s = h.store();
      const a = mem('Imported fact A', { createdAt: at(1) });
      await s.writeMemories([a, mem('Imported fact B', { createdAt: at(2) })]);
      await s.forget(a.id, { purge: false });
      const original = await s.dump();
      expect(original.audit.length).toBeGreaterThanOrEqual(3);
      const target = await h.provider().open('events-import-target');
      const before = await target.lastAuditId();
      await target.load(original, 'merge');
      const events = await readEvents(target, 'events-import-target', { after: before });
      expect(events.map((e) => [e.type, e.memoryId])).toEqual([['imported', null]]);
      expect(events[0].detail).toMatchObject({ summary: true, auditEntries: original.audit.length, memories: 2 });
      // The history itself is kept, and a dump shows it as it was.
      expect((await target.dump()).audit.map((e) => [e.action, e.memoryId, e.detail]))
        .toEqual(original.audit.map((e) => [e.action, e.memoryId, e.detail]));
      const last = await target.lastAuditId();
      await target.load(original, 'merge');
      expect(await readEvents(target, 'events-import-target', { after: last })).toEqual([]);
    });

    it('redacts secrets from a failed job\'s error before storing it or raising the job_failed event', async () => {
      const s = h.store();
      const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';
      const [job] = await s.enqueueJobs([{ kind: 'extract', payload: { messageIds: [] }, maxAttempts: 1 }]);
      const claimed = await s.claimJob({ workerId: 'w', leaseMs: 60_000 });
      await s.failJob(claimed!.id, 'w', `provider said 401 for Authorization: Bearer ${secret}`, new Date(0));
      const last = (await s.listAudit({})).at(-1)!;
      expect(last).toMatchObject({ action: 'job_failed', detail: { jobId: job.id } });
      expect(JSON.stringify(last)).not.toContain(secret);
      expect((last.detail as { error: string }).error).toMatch(/REDACTED/);
      expect(JSON.stringify(await s.listJobs({}))).not.toContain(secret);
    });

    it('refuses to revise a purged, forgotten or superseded memory and changes nothing', async () => {
      const s = h.store();
      const gone = mem('Personal detail', { createdAt: at(1) });
      const old = mem('Old value', { createdAt: at(2) });
      await s.writeMemories([gone, old]);
      await s.forget(gone.id, { purge: true });
      const before = await s.dump();
      await expectCode(s.reviseMemory(gone.id, mem('New detail')), 'conflict');
      const next = mem('New value');
      await s.reviseMemory(old.id, next);
      await expectCode(s.reviseMemory(old.id, mem('Another value')), 'conflict');
      const after = await s.dump();
      expect(after.memories.find((m) => m.id === gone.id)).toEqual(before.memories.find((m) => m.id === gone.id));
      expect(after.memories).toHaveLength(3);
    });
  });
}
