/**
 * A worker that finds no job takes no write lock: its claim looks first and writes only when a job
 * is due, so an idle poll (or the drain after a waited ingest) neither waits behind another
 * process's long write nor commits an empty transaction.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-claim-idle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('finds nothing to claim while another process holds the write lock, and still claims a due job once it is released', async () => {
  const file = path.join(dir, 'p.db');
  const store = openSqliteStore(file, 'p');
  const [done] = await store.enqueueJobs([{ kind: 'extract', payload: {} }]);
  expect(await store.claimJob({ workerId: 'w1', leaseMs: 60_000 })).toMatchObject({ id: done!.id, status: 'running' });
  await store.completeJob(done!.id, 'w1');

  const other = new Database(file);
  other.pragma('busy_timeout = 0');
  other.exec('BEGIN IMMEDIATE');
  try {
    // The old claim took the lock first and waited out the 5 s busy timeout, then failed.
    expect(await store.claimJob({ workerId: 'w1', leaseMs: 60_000 })).toBeNull();
    // A job another process committed is claimed as before.
    other.prepare(`INSERT INTO jobs (id, kind, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
      VALUES ('j2', 'extract', '{}', 'pending', 0, 5, '2000-01-01T00:00:00.000Z', '2000-01-01T00:00:00.000Z', '2000-01-01T00:00:00.000Z')`).run();
  } finally {
    other.exec('COMMIT');
    other.close();
  }
  expect(await store.claimJob({ workerId: 'w1', leaseMs: 60_000 })).toMatchObject({ id: 'j2', status: 'running', attempts: 1 });
  await store.close();
});
