/**
 * Finished jobs and the audit log do not grow without bound: the sweep that runs about once per
 * SWEEP_EVERY job inserts deletes finished jobs past DONE_JOB_RETENTION_MS and audit entries
 * past AUDIT_RETENTION_MS, and keeps failed jobs and everything recent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { AUDIT_RETENTION_MS, DONE_JOB_RETENTION_MS, SWEEP_EVERY } from '../src/store/job-retention.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('retention sweep (SQLite)', () => {
  it('deletes old finished jobs and old audit entries, keeps failed jobs and recent rows', async () => {
    const mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    const p = mem.profile('r');
    for (let i = 0; i < 20; i++) await p.remember({ content: `Old note ${i} about the build server.` });
    await p.drain();
    const file = path.join(dir, 'profiles', 'r.db');
    const db = new Database(file);
    const old = (ms: number) => new Date(Date.now() - ms - 3_600_000).toISOString();
    db.prepare(`UPDATE jobs SET updated_at = ? WHERE status = 'done'`).run(old(DONE_JOB_RETENTION_MS));
    db.prepare(`UPDATE jobs SET status = 'failed' WHERE rowid IN (SELECT rowid FROM jobs LIMIT 2)`).run();
    db.prepare(`UPDATE audit SET at = ?`).run(old(AUDIT_RETENTION_MS));
    const count = (t: string, where = '1') => (db.prepare(`SELECT count(*) AS n FROM ${t} WHERE ${where}`).get() as { n: number }).n;
    const oldAudit = count('audit');
    expect(oldAudit).toBeGreaterThan(10);
    await p.remember({ content: 'A recent note about the build server.' }); // a recent audit entry and job
    // Enough job inserts to reach the next sweep.
    const seq = (db.prepare('SELECT max(seq) AS s FROM jobs').get() as { s: number }).s;
    for (let i = seq; i < Math.ceil((seq + 1) / SWEEP_EVERY) * SWEEP_EVERY; i++) await p.ingest([{ role: 'user', content: `fresh message ${i}` }]);
    expect(count('jobs', `status = 'done' AND updated_at < '${old(DONE_JOB_RETENTION_MS - 7_200_000)}'`)).toBe(0);
    expect(count('jobs', `status = 'failed'`)).toBe(2);
    expect(count('audit', `at < '${old(AUDIT_RETENTION_MS - 7_200_000)}'`)).toBe(0);
    expect(count('audit')).toBeGreaterThan(0); // the recent entries stay
    expect((await p.list({ limit: 100 })).items.length).toBe(21); // memories are never swept
    db.close();
    await mem.close();
  });
});
