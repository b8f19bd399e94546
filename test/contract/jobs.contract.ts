import { describe, expect, it } from 'vitest';
import { type Harness, mem, msg, sleep } from './harness.js';

const past = () => new Date(Date.now() - 1000);

export function jobContract(h: Harness): void {
  describe('jobs', () => {
    it('enqueues pending jobs and counts them', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: { messageIds: ['a'] } }]);
      expect(job).toMatchObject({ kind: 'extract', payload: { messageIds: ['a'] }, status: 'pending', attempts: 0, maxAttempts: 5, lockedBy: null });
      expect(await h.store().getJob(job.id)).toEqual(job);
      expect(await h.store().getJob('missing')).toBeNull();
      expect(await h.store().countJobs()).toEqual({ pending: 1, running: 0, done: 0, failed: 0 });
    });

    it('claims the oldest due job once, honouring runAt and kinds', async () => {
      const [first, second] = await h.store().enqueueJobs([
        { kind: 'extract', payload: { n: 1 }, runAt: new Date(Date.now() - 2000) },
        { kind: 'vectorize', payload: { n: 2 }, runAt: new Date(Date.now() - 1000) },
      ]);
      await h.store().enqueueJobs([{ kind: 'extract', payload: { n: 3 }, runAt: new Date(Date.now() + 60_000) }]);
      const onlyVectorize = await h.store().claimJob({ workerId: 'w0', leaseMs: 60_000, kinds: ['vectorize'] });
      expect(onlyVectorize!.id).toBe(second.id);
      const claimed = await h.store().claimJob({ workerId: 'w1', leaseMs: 60_000 });
      expect(claimed).toMatchObject({ id: first.id, status: 'running', lockedBy: 'w1', attempts: 1 });
      expect(Date.parse(claimed!.lockedUntil!)).toBeGreaterThan(Date.now());
      expect(await h.store().claimJob({ workerId: 'w2', leaseMs: 60_000 })).toBeNull();
      expect(await h.store().countJobs()).toEqual({ pending: 1, running: 2, done: 0, failed: 0 });
      expect((await h.store().listJobs({ status: 'running' })).map((j) => j.id).sort()).toEqual([first.id, second.id].sort());
      expect(await h.store().listJobs({ kind: 'vectorize' })).toHaveLength(1);
    });

    it('tells the unfinished jobs apart from the finished ones without counting those', async () => {
      expect(await h.store().unfinishedJobs()).toEqual({ pending: 0, running: 0, firstPending: null });
      const [done, running, later, first] = await h.store().enqueueJobs([
        { kind: 'extract', payload: { n: 1 } },
        { kind: 'extract', payload: { n: 2 } },
        { kind: 'extract', payload: { n: 3 }, runAt: new Date(Date.now() + 60_000) },
        { kind: 'vectorize', payload: { n: 4 } },
      ]);
      expect((await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 }))!.id).toBe(done.id);
      await h.store().completeJob(done.id, 'w');
      expect((await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 }))!.id).toBe(running.id);
      // The pending job due soonest, not the oldest: a drain waiting on a job retried later must still see one due now.
      expect(await h.store().unfinishedJobs()).toEqual({ pending: 2, running: 1, firstPending: await h.store().getJob(first.id) });
      expect(first.status).toBe('pending');
    });

    it('lets another worker take a job whose lease expired', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: {} }]);
      await h.store().claimJob({ workerId: 'dead', leaseMs: 1 });
      await sleep(15);
      const retaken = await h.store().claimJob({ workerId: 'alive', leaseMs: 60_000 });
      expect(retaken).toMatchObject({ id: job.id, lockedBy: 'alive', attempts: 2 });
      expect(await h.store().extendLease(job.id, 'dead', 60_000)).toBe(false);
      expect(await h.store().extendLease(job.id, 'alive', 120_000)).toBe(true);
    });

    it('writes a job already claimed, held until its lease runs out, then taken over', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: { n: 1 }, claimedBy: { workerId: 'dead', leaseMs: 1 } }]);
      expect(job).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'dead' });
      expect(await h.store().getJob(job.id)).toEqual(job);
      const [held] = await h.store().enqueueJobs([{ kind: 'extract', payload: { n: 2 }, claimedBy: { workerId: 'w', leaseMs: 60_000 } }]);
      await sleep(15);
      const retaken = await h.store().claimJob({ workerId: 'alive', leaseMs: 60_000 });
      expect(retaken).toMatchObject({ id: job.id, lockedBy: 'alive', attempts: 2 });
      expect(await h.store().claimJob({ workerId: 'alive', leaseMs: 60_000 })).toBeNull();
      await h.store().completeJob(held.id, 'w');
      expect(await h.store().getJob(held.id)).toMatchObject({ status: 'done', lockedBy: null });
    });

    it('retries a failed job and marks it failed after maxAttempts', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: {}, maxAttempts: 2 }]);
      await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 });
      const retry = await h.store().failJob(job.id, 'w', 'model timed out', past());
      expect(retry).toMatchObject({ status: 'pending', lastError: 'model timed out', lockedBy: null, attempts: 1 });
      const again = await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 });
      expect(again).toMatchObject({ id: job.id, attempts: 2 });
      const failed = await h.store().failJob(job.id, 'w', 'still broken', past());
      expect(failed).toMatchObject({ status: 'failed', lastError: 'still broken' });
      expect(await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 })).toBeNull();
      expect(await h.store().failJob('missing', 'w', 'x', past())).toBeNull();
    });

    it('does not hand out a job before its retry time', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: {} }]);
      await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 });
      await h.store().failJob(job.id, 'w', 'later', new Date(Date.now() + 60_000));
      expect(await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 })).toBeNull();
    });

    it('completes a job', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: {} }]);
      await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 });
      await h.store().completeJob(job.id, 'w');
      expect(await h.store().getJob(job.id)).toMatchObject({ status: 'done', lockedBy: null });
      expect(await h.store().countJobs()).toEqual({ pending: 0, running: 0, done: 1, failed: 0 });
      expect(await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 })).toBeNull();
    });

    it('completes and enqueues in the writeMemories transaction', async () => {
      const [job] = await h.store().enqueueJobs([{ kind: 'extract', payload: {} }]);
      await h.store().claimJob({ workerId: 'w', leaseMs: 60_000 });
      const m = mem('Written with its job');
      await h.store().writeMemories([m], { completeJob: { id: job.id, workerId: 'w' }, enqueue: [{ kind: 'vectorize', payload: { ids: [m.id] } }] });
      expect((await h.store().getJob(job.id))!.status).toBe('done');
      expect((await h.store().listJobs({ kind: 'vectorize' }))[0].payload).toEqual({ ids: [m.id] });
    });

    it('rolls the memories back when the job bookkeeping fails', async () => {
      const m = mem('Must not survive');
      await expect(h.store().writeMemories([m], { completeJob: { id: 'no-such-job', workerId: 'w' } })).rejects.toThrow();
      expect(await h.store().getMemory(m.id)).toBeNull();
      expect(await h.store().listAudit({ memoryId: m.id })).toEqual([]);
    });

    it('enqueues in the insertMessages transaction', async () => {
      const res = await h.store().insertMessages([msg('s', 'user', 'hi')], { enqueue: [{ kind: 'extract', payload: { sessionId: 's' } }] });
      expect(res.jobs).toHaveLength(1);
      expect(res.jobs[0]).toMatchObject({ kind: 'extract', status: 'pending', payload: { sessionId: 's' } });
      expect(await h.store().getJob(res.jobs[0].id)).toEqual(res.jobs[0]);
    });
  });
}
