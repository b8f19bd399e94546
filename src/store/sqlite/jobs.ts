import { MnemoError } from '../../errors.js';
import { randomId } from '../../ids.js';
import type { Job, JobStatus } from '../../types.js';
import { auditCutoff, doneJobCutoff, SWEEP_EVERY } from '../job-retention.js';
import type { NewJob, UnfinishedJobs } from '../store.js';
import { type Connection, nowIso } from './connection.js';
import { type JobRow, toJob } from './rows.js';
import { appendAudit } from './audit.js';
import { redactSecrets } from '../../ingest/secrets.js';

export const DEFAULT_MAX_ATTEMPTS = 5;
const COLUMNS = `id, kind, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, updated_at`;

/**
 * Inside the caller's transaction, without a savepoint of its own (which costs more than these
 * statements; every caller rolls back as a whole on an error), or in its own.
 */
function inWrite<T>(conn: Connection, fn: () => T): T {
  return conn.db.inTransaction ? fn() : conn.write(fn);
}

/** Inserts inside the caller's transaction (or its own); now and then deletes old finished jobs. */
export function insertJobs(conn: Connection, jobs: NewJob[]): Job[] {
  if (jobs.length === 0) return [];
  return inWrite(conn, () => {
    const now = nowIso();
    let sweep = false;
    const inserted = jobs.map((j) => {
      const row: JobRow = {
        id: randomId(), kind: j.kind, payload: JSON.stringify(j.payload ?? {}), status: j.claimedBy ? 'running' : 'pending',
        attempts: j.claimedBy ? 1 : 0, max_attempts: j.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, run_at: (j.runAt ?? new Date()).toISOString(),
        locked_by: j.claimedBy?.workerId ?? null, locked_until: j.claimedBy ? leaseEnd(j.claimedBy.leaseMs) : null,
        last_error: null, created_at: now, updated_at: now,
      };
      const { lastInsertRowid } = conn.run(`INSERT INTO jobs (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        row.id, row.kind, row.payload, row.status, row.attempts, row.max_attempts, row.run_at, row.locked_by, row.locked_until,
        row.last_error, row.created_at, row.updated_at);
      if (Number(lastInsertRowid) % SWEEP_EVERY === 0) sweep = true;
      // The row holds exactly these values: no read back.
      return toJob(row);
    });
    if (sweep) {
      conn.run(`DELETE FROM jobs WHERE status = 'done' AND updated_at < ?`, doneJobCutoff());
      // Entries are appended in time order: walk the id index up to the first recent one, no scan of the rest.
      conn.run(`DELETE FROM audit WHERE id < coalesce((SELECT id FROM audit WHERE at >= ? ORDER BY id LIMIT 1), (SELECT max(id) + 1 FROM audit))`, auditCutoff());
    }
    return inserted;
  });
}

const leaseEnd = (leaseMs: number) => new Date(Date.now() + leaseMs).toISOString();

export function getJob(conn: Connection, id: string): Job | null {
  const row = conn.get<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`, id);
  return row ? toJob(row) : null;
}

// Two index range scans (status, run_at, seq) rather than one OR that would walk every done job.
const DUE = `FROM jobs WHERE status = 'pending' AND run_at <= ?1 AND (?2 IS NULL OR kind IN (SELECT value FROM json_each(?2)))
  ORDER BY run_at, seq LIMIT 1`;
const EXPIRED = `FROM jobs WHERE status = 'running' AND locked_until < ?1 AND (?2 IS NULL OR kind IN (SELECT value FROM json_each(?2)))
  ORDER BY run_at, seq LIMIT 1`;

export function claimJob(conn: Connection, opts: { workerId: string; leaseMs: number; kinds?: string[] }): Job | null {
  const kinds = opts.kinds && opts.kinds.length > 0 ? JSON.stringify(opts.kinds) : null;
  // Most claims find nothing (the drain after each waited ingest, an idle poll): a look without the
  // write lock comes first, where an empty write transaction would take the lock and commit.
  const looked = new Date().toISOString();
  if (!conn.get(`SELECT 1 ${DUE}`, looked, kinds) && !conn.get(`SELECT 1 ${EXPIRED}`, looked, kinds)) return null;
  return conn.write(() => {
    const now = new Date();
    const nowText = now.toISOString();
    for (;;) {
      const due = conn.get<JobRow>(`SELECT ${COLUMNS} ${DUE}`, nowText, kinds);
      const expired = conn.get<JobRow>(`SELECT ${COLUMNS} ${EXPIRED}`, nowText, kinds);
      const row = due && expired ? (expired.run_at < due.run_at ? expired : due) : (due ?? expired);
      if (!row) return null;
      if (row.status === 'running' && row.attempts >= row.max_attempts) {
        // Its worker died during the final attempt: give up rather than exceed maxAttempts.
        conn.run(`UPDATE jobs SET status = 'failed', locked_by = NULL, locked_until = NULL,
          last_error = coalesce(last_error, 'lease expired on the final attempt'), updated_at = ? WHERE id = ?`, nowText, row.id);
        continue;
      }
      const lockedUntil = new Date(now.getTime() + opts.leaseMs).toISOString();
      conn.run(`UPDATE jobs SET status = 'running', locked_by = ?, locked_until = ?, attempts = attempts + 1, updated_at = ?
        WHERE id = ?`, opts.workerId, lockedUntil, nowText, row.id);
      return getJob(conn, row.id);
    }
  });
}

export function extendLease(conn: Connection, id: string, workerId: string, leaseMs: number): boolean {
  const now = new Date();
  const res = conn.write(() => conn.run(`UPDATE jobs SET locked_until = ?, updated_at = ?
    WHERE id = ? AND locked_by = ? AND status = 'running'`,
    new Date(now.getTime() + leaseMs).toISOString(), now.toISOString(), id, workerId));
  return res.changes > 0;
}

/** Throws `conflict` when another worker holds the job: this worker's lease was lost. */
function assertHolder(conn: Connection, id: string, workerId: string): JobRow {
  const row = conn.get<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`, id);
  if (!row) throw new MnemoError('not_found', `job ${id} not found`);
  if (row.locked_by !== null && row.locked_by !== workerId) {
    throw new MnemoError('conflict', `job ${id} is held by another worker (lease lost)`);
  }
  return row;
}

/** Inside the caller's transaction (or its own). Completing a finished job is a no-op. */
export function completeJob(conn: Connection, id: string, workerId: string): void {
  inWrite(conn, () => {
    const row = assertHolder(conn, id, workerId);
    if (row.status === 'done') return;
    conn.run(`UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = ? WHERE id = ?`, nowIso(), id);
  });
}

export function failJob(conn: Connection, id: string, workerId: string, error: string, retryAt: Date): Job | null {
  return conn.write(() => {
    const row = conn.get<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`, id);
    if (!row) return null;
    assertHolder(conn, id, workerId);
    const failed = row.attempts >= row.max_attempts;
    // Error text can quote a provider's response or a request (keys, tokens): never store or broadcast it verbatim.
    error = redactSecrets(error).text;
    conn.run(`UPDATE jobs SET status = ?, run_at = ?, locked_by = NULL, locked_until = NULL, last_error = ?, updated_at = ?
      WHERE id = ?`, failed ? 'failed' : 'pending', failed ? row.run_at : retryAt.toISOString(), error.slice(0, 4000), nowIso(), id);
    // A job that gave up is a change event (src/events); the audit id orders it with the rest.
    if (failed) appendAudit(conn, 'job_failed', null, { jobId: id, kind: row.kind, attempts: row.attempts, error: error.slice(0, 500) });
    return getJob(conn, id);
  });
}

export function listJobs(conn: Connection, filter: { status?: JobStatus; kind?: string; limit?: number } = {}): Job[] {
  return conn.all<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR kind = ?2)
    ORDER BY seq LIMIT ?3`, filter.status ?? null, filter.kind ?? null, filter.limit ?? -1).map(toJob);
}

/** Three reads without a snapshot of their own (its BEGIN and COMMIT cost more): a waiter reads again anyway. */
export function unfinishedJobs(conn: Connection): UnfinishedJobs {
  // Each a range of the (status, run_at, seq) index: finished jobs are never read.
  const count = (status: JobStatus) => conn.get<{ n: number }>(`SELECT count(*) AS n FROM jobs WHERE status = ?`, status)!.n;
  const first = conn.get<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE status = 'pending' ORDER BY run_at, seq LIMIT 1`);
  return { pending: count('pending'), running: count('running'), firstPending: first ? toJob(first) : null };
}

export function countJobs(conn: Connection): Record<JobStatus, number> {
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  for (const r of conn.all<{ status: JobStatus; n: number }>(`SELECT status, count(*) AS n FROM jobs GROUP BY status`)) {
    counts[r.status] = r.n;
  }
  return counts;
}
