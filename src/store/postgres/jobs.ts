import { auditCutoff, doneJobCutoff, SWEEP_EVERY } from '../job-retention.js';
import { MnemoError } from '../../errors.js';
import { randomId } from '../../ids.js';
import type { Job, JobStatus } from '../../types.js';
import type { NewJob, UnfinishedJobs } from '../store.js';
import { JOB_COLUMNS, type JobRow, nowIso, toJob } from './rows.js';
import type { Sql, Tx } from './runner.js';
import { Params } from './sql.js';
import { appendAudit } from './audit.js';
import { redactSecrets } from '../../ingest/secrets.js';

export const DEFAULT_MAX_ATTEMPTS = 5;

/** Inserts inside the caller's transaction; returned in the order given. */
export async function insertJobs(sql: Sql, profile: string, jobs: NewJob[]): Promise<Job[]> {
  if (jobs.length === 0) return [];
  const now = nowIso();
  const ids = jobs.map(() => randomId());
  // A job claimed at insert (NewJob.claimedBy) is running, on its first attempt, leased to its worker.
  const res = await sql.query<JobRow>(`INSERT INTO mnemo_jobs
      (profile, id, kind, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, created_at, updated_at)
    SELECT $1, u.id, u.kind, u.payload::jsonb, CASE WHEN u.locked_by IS NULL THEN 'pending' ELSE 'running' END,
      CASE WHEN u.locked_by IS NULL THEN 0 ELSE 1 END, u.max_attempts, u.run_at::timestamptz, u.locked_by, u.locked_until::timestamptz,
      $6::timestamptz, $6::timestamptz
    FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $7::text[], $8::text[], $9::text[])
      WITH ORDINALITY AS u(id, kind, payload, max_attempts, run_at, locked_by, locked_until, ord)
    ORDER BY u.ord RETURNING ${JOB_COLUMNS}`,
  [profile, ids, jobs.map((j) => j.kind), jobs.map((j) => JSON.stringify(j.payload ?? {})),
    jobs.map((j) => j.maxAttempts ?? DEFAULT_MAX_ATTEMPTS), now, jobs.map((j) => (j.runAt ?? new Date()).toISOString()),
    jobs.map((j) => j.claimedBy?.workerId ?? null),
    jobs.map((j) => (j.claimedBy ? new Date(Date.now() + j.claimedBy.leaseMs).toISOString() : null))]);
  const byId = new Map(res.rows.map((r) => [r.id, toJob(r)]));
  // About one insert in SWEEP_EVERY deletes the profile's old finished jobs.
  if (Math.random() < jobs.length / SWEEP_EVERY) {
    await sql.query(`DELETE FROM mnemo_jobs WHERE profile = $1 AND status = 'done' AND updated_at < $2::timestamptz`, [profile, doneJobCutoff()]);
    await sql.query(`DELETE FROM mnemo_audit WHERE profile = $1 AND id < coalesce(
      (SELECT id FROM mnemo_audit WHERE profile = $1 AND at >= $2::timestamptz ORDER BY id LIMIT 1),
      (SELECT max(id) + 1 FROM mnemo_audit WHERE profile = $1))`, [profile, auditCutoff()]);
  }
  return ids.map((id) => byId.get(id)!);
}

export async function getJob(sql: Sql, profile: string, id: string): Promise<Job | null> {
  const res = await sql.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM mnemo_jobs WHERE profile = $1 AND id = $2`, [profile, id]);
  return res.rows[0] ? toJob(res.rows[0]) : null;
}

/**
 * Claims the oldest due job with `FOR UPDATE SKIP LOCKED`: concurrent workers on any number of
 * servers each get a different job and never wait on each other.
 */
export async function claimJob(tx: Tx, profile: string, opts: { workerId: string; leaseMs: number; kinds?: string[] }): Promise<Job | null> {
  const now = new Date();
  const p = new Params(profile, now.toISOString());
  const kinds = opts.kinds?.length ? `AND kind = ANY(${p.add(opts.kinds)}::text[])` : '';
  for (;;) {
    const res = await tx.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM mnemo_jobs
      WHERE profile = $1 AND ((status = 'pending' AND run_at <= $2::timestamptz) OR (status = 'running' AND locked_until < $2::timestamptz))
        ${kinds}
      ORDER BY run_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED`, p.values);
    const row = res.rows[0];
    if (!row) return null;
    if (row.status === 'running' && row.attempts >= row.max_attempts) {
      // Its worker died during the final attempt: give up rather than exceed maxAttempts.
      await tx.query(`UPDATE mnemo_jobs SET status = 'failed', locked_by = NULL, locked_until = NULL,
        last_error = coalesce(last_error, 'lease expired on the final attempt'), updated_at = $3::timestamptz
        WHERE profile = $1 AND id = $2`, [profile, row.id, now.toISOString()]);
      continue;
    }
    const claimed = await tx.query<JobRow>(`UPDATE mnemo_jobs SET status = 'running', locked_by = $3, locked_until = $4::timestamptz,
        attempts = attempts + 1, updated_at = $5::timestamptz
      WHERE profile = $1 AND id = $2 RETURNING ${JOB_COLUMNS}`,
    [profile, row.id, opts.workerId, new Date(now.getTime() + opts.leaseMs).toISOString(), now.toISOString()]);
    return toJob(claimed.rows[0]);
  }
}

export async function extendLease(sql: Sql, profile: string, id: string, workerId: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const res = await sql.query(`UPDATE mnemo_jobs SET locked_until = $4::timestamptz, updated_at = $5::timestamptz
    WHERE profile = $1 AND id = $2 AND locked_by = $3 AND status = 'running'`,
  [profile, id, workerId, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString()]);
  return res.rowCount > 0;
}

/** Locks the job row; throws `conflict` when another worker holds it (this worker's lease was lost). */
async function lockHeld(tx: Tx, profile: string, id: string, workerId: string): Promise<JobRow | null> {
  const res = await tx.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM mnemo_jobs WHERE profile = $1 AND id = $2 FOR UPDATE`, [profile, id]);
  const row = res.rows[0];
  if (row && row.locked_by !== null && row.locked_by !== workerId) {
    throw new MnemoError('conflict', `job ${id} is held by another worker (lease lost)`);
  }
  return row ?? null;
}

/** Inside the caller's transaction. Completing a finished job is a no-op. */
export async function completeJob(tx: Tx, profile: string, id: string, workerId: string): Promise<void> {
  const row = await lockHeld(tx, profile, id, workerId);
  if (!row) throw new MnemoError('not_found', `job ${id} not found`);
  if (row.status === 'done') return;
  await tx.query(`UPDATE mnemo_jobs SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = $3::timestamptz
    WHERE profile = $1 AND id = $2`, [profile, id, nowIso()]);
}

export async function failJob(tx: Tx, profile: string, id: string, workerId: string, error: string, retryAt: Date): Promise<Job | null> {
  const row = await lockHeld(tx, profile, id, workerId);
  if (!row) return null;
  const failed = row.attempts >= row.max_attempts;
  // Error text can quote a provider's response or a request (keys, tokens): never store or broadcast it verbatim.
  error = redactSecrets(error).text;
  const res = await tx.query<JobRow>(`UPDATE mnemo_jobs SET status = $3, run_at = coalesce($4::timestamptz, run_at),
      locked_by = NULL, locked_until = NULL, last_error = $5, updated_at = $6::timestamptz
    WHERE profile = $1 AND id = $2 RETURNING ${JOB_COLUMNS}`,
  [profile, id, failed ? 'failed' : 'pending', failed ? null : retryAt.toISOString(), error.slice(0, 4000), nowIso()]);
  // A job that gave up is a change event (src/events); the audit id orders it with the rest.
  if (failed) await appendAudit(tx, profile, [{ action: 'job_failed', memoryId: null, detail: { jobId: id, kind: row.kind, attempts: row.attempts, error: error.slice(0, 500) }, at: nowIso() }]);
  return toJob(res.rows[0]);
}

export async function listJobs(sql: Sql, profile: string, filter: { status?: JobStatus; kind?: string; limit?: number } = {}): Promise<Job[]> {
  const p = new Params(profile);
  const status = filter.status ? `AND status = ${p.add(filter.status)}` : '';
  const kind = filter.kind ? `AND kind = ${p.add(filter.kind)}` : '';
  const limit = filter.limit !== undefined && filter.limit >= 0 ? `LIMIT ${p.add(filter.limit)}` : '';
  const res = await sql.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM mnemo_jobs WHERE profile = $1 ${status} ${kind} ORDER BY seq ${limit}`, p.values);
  return res.rows.map(toJob);
}

/** One statement, so one snapshot: the counts and the first pending job agree even while workers claim jobs. */
export async function unfinishedJobs(sql: Sql, profile: string): Promise<UnfinishedJobs> {
  const res = await sql.query<JobRow & { pending_n: number; running_n: number }>(`
    WITH counts AS (
      SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending_n, count(*) FILTER (WHERE status = 'running')::int AS running_n
      FROM mnemo_jobs WHERE profile = $1 AND status IN ('pending', 'running')
    )
    SELECT counts.pending_n, counts.running_n, first.* FROM counts LEFT JOIN LATERAL (
      SELECT ${JOB_COLUMNS} FROM mnemo_jobs WHERE profile = $1 AND status = 'pending' ORDER BY run_at, seq LIMIT 1
    ) first ON true`, [profile]);
  const row = res.rows[0]!;
  return { pending: row.pending_n, running: row.running_n, firstPending: row.id ? toJob(row) : null };
}

export async function countJobs(sql: Sql, profile: string): Promise<Record<JobStatus, number>> {
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  const res = await sql.query<{ status: JobStatus; n: number }>(`SELECT status, count(*)::int AS n FROM mnemo_jobs WHERE profile = $1 GROUP BY status`, [profile]);
  for (const r of res.rows) counts[r.status] = r.n;
  return counts;
}
