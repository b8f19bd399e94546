import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteProvider, MIGRATIONS, openSqliteStore } from '../src/store/sqlite/index.js';
import { DONE_JOB_RETENTION_MS, SWEEP_EVERY } from '../src/store/job-retention.js';
import { mem, msg, vec } from './contract/harness.js';
import { runStoreContract } from './contract/store-contract.js';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'mnemo-sqlite-'));
}

runStoreContract('sqlite', async () => {
  const dataDir = await tempDir();
  return { provider: createSqliteProvider({ dataDir }), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
});

describe('SQLite specifics', () => {
  let dataDir: string;
  beforeEach(async () => { dataDir = await tempDir(); });
  afterEach(async () => { await rm(dataDir, { recursive: true, force: true }); });

  it('keeps one database file per profile', async () => {
    const provider = createSqliteProvider({ dataDir });
    await provider.open('one');
    await provider.open('two');
    const files = (await readdir(join(dataDir, 'profiles'))).filter((f) => f.endsWith('.db'));
    expect(files.sort()).toEqual(['one.db', 'two.db']);
    await provider.close();
  });

  it('runs in WAL mode with the latest schema version', async () => {
    const store = openSqliteStore(join(dataDir, 'x.db'), 'x');
    await store.close();
    const db = new Database(join(dataDir, 'x.db'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).get()).toEqual({ value: String(MIGRATIONS.length) });
    db.close();
  });

  it('migrates a database from an older schema version without losing data', async () => {
    const path = join(dataDir, 'old.db');
    const db = new Database(path);
    db.exec(MIGRATIONS[0]);
    db.prepare(`INSERT INTO meta (key, value) VALUES ('schema_version', '1')`).run();
    db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES ('m1', 's', 'user', 'kept across migrations', '2026-01-01T00:00:00.000Z')`).run();
    db.close();
    const store = openSqliteStore(path, 'old');
    expect(await store.searchMessages({ terms: ['migrations'] }, { limit: 5 })).toHaveLength(1);
    await store.close();
    const check = new Database(path, { readonly: true });
    expect(check.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).get()).toEqual({ value: String(MIGRATIONS.length) });
    check.close();
  });

  it('keeps data and schema on reopen', async () => {
    const path = join(dataDir, 'profiles', 'p.db');
    const first = openSqliteStore(path, 'p');
    const m = mem('survives a restart');
    await first.writeMemories([m]);
    await first.upsertVectors([{ kind: 'memory', id: m.id, vector: vec(1, 0) }]);
    await first.close();
    const second = openSqliteStore(path, 'p');
    expect((await second.getMemory(m.id))!.content).toBe('survives a restart');
    expect((await second.searchVectors(vec(1, 0), { kind: 'memory', limit: 1 }))[0].item.id).toBe(m.id);
    expect(await second.searchMemories({ terms: ['restart'] }, { limit: 1 })).toHaveLength(1);
    await second.close();
    expect(existsSync(path)).toBe(true);
  });

  it('shares one file between two providers, as between two processes', async () => {
    const server = createSqliteProvider({ dataDir });
    const cli = createSqliteProvider({ dataDir });
    const a = await server.open('shared');
    const b = await cli.open('shared');
    const m = mem('written by the cli');
    const other = mem('written by the server');
    await a.writeMemories([other]);
    await a.upsertVectors([{ kind: 'memory', id: other.id, vector: vec(0, 1) }]);
    expect(await a.searchVectors(vec(0, 1), { kind: 'memory', limit: 5 })).toHaveLength(1); // warms a's cache
    await b.writeMemories([m]);
    await b.upsertVectors([{ kind: 'memory', id: m.id, vector: vec(1, 0) }]);
    await b.insertMessages([msg('s', 'user', 'from the cli')]);
    expect((await a.getMemory(m.id))!.content).toBe('written by the cli');
    expect(await a.countMessages()).toBe(1);
    expect((await a.searchVectors(vec(1, 0), { kind: 'memory', limit: 1 }))[0].item.id).toBe(m.id);
    await b.forget(m.id, { purge: false });
    expect((await a.searchVectors(vec(1, 0), { kind: 'memory', limit: 5 })).map((x) => x.item.id)).toEqual([other.id]);
    const [job] = await a.enqueueJobs([{ kind: 'extract', payload: {} }]);
    expect((await b.claimJob({ workerId: 'cli', leaseMs: 60_000 }))!.id).toBe(job.id);
    expect(await a.claimJob({ workerId: 'server', leaseMs: 60_000 })).toBeNull();
    expect(await server.listProfiles()).toEqual(['shared']);
    await server.close();
    await cli.close();
  });

  it('closes cached stores and reopens after close', async () => {
    const provider = createSqliteProvider({ dataDir });
    const s1 = await provider.open('p');
    expect(await provider.open('p')).toBe(s1);
    await s1.close();
    const s2 = await provider.open('p');
    expect(s2).not.toBe(s1);
    expect(await s2.countMessages()).toBe(0);
    await provider.close();
  });
  it('deletes finished jobs older than the retention window, keeps failed and recent ones', async () => {
    const path = join(dataDir, 'jobs.db');
    const store = openSqliteStore(path, 'jobs');
    const old = await store.enqueueJobs([{ kind: 'extract', payload: {} }, { kind: 'extract', payload: {} }, { kind: 'extract', payload: {} }]);
    for (let i = 0; i < 2; i++) {
      const claimed = await store.claimJob({ workerId: 'w', leaseMs: 60_000 });
      await store.completeJob(claimed!.id, 'w');
    }
    const raw = new Database(path);
    const longAgo = new Date(Date.now() - (DONE_JOB_RETENTION_MS + 3_600_000)).toISOString();
    raw.prepare(`UPDATE jobs SET updated_at = ?`).run(longAgo);
    raw.prepare(`UPDATE jobs SET status = 'failed' WHERE id = ?`).run(old[2].id);
    const recentDone = await store.enqueueJobs([{ kind: 'extract', payload: {} }]);
    const claimed = await store.claimJob({ workerId: 'w', leaseMs: 60_000 });
    expect(claimed!.id).toBe(recentDone[0].id);
    await store.completeJob(claimed!.id, 'w');
    const fill = SWEEP_EVERY - (raw.prepare(`SELECT max(rowid) AS n FROM jobs`).get() as { n: number }).n % SWEEP_EVERY;
    await store.enqueueJobs(Array.from({ length: fill }, () => ({ kind: 'embed', payload: {} })));
    const left = new Set((await store.listJobs({ limit: 10_000 })).map((j) => j.id));
    expect(left.has(old[0].id) || left.has(old[1].id)).toBe(false);
    expect(left.has(old[2].id)).toBe(true);
    expect(left.has(recentDone[0].id)).toBe(true);
    expect(left.size).toBe(2 + fill);
    raw.close();
    await store.close();
  });
});
