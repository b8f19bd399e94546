import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { randomId } from '../src/ids.js';
import { createPostgresProvider, migrate, MIGRATIONS, PGVECTOR_MISSING, schemaVersion } from '../src/store/postgres/index.js';
import { openRunner } from '../src/store/postgres/provider.js';
import { mem, msg, vec } from './contract/harness.js';
import { runStoreContract } from './contract/store-contract.js';
import { startPostgres } from './support/postgres-server.js';

const server = await startPostgres();
const root = fileURLToPath(new URL('..', import.meta.url));

if (!server.ok) {
  console.warn(`[store-postgres] SKIPPED: ${server.reason}`);
  describe.skip(`PostgreSQL store (skipped: ${server.reason})`, () => { it('needs a PostgreSQL server', () => {}); });
} else {
  const dbUrl = await server.createDatabase();
  /** One short-lived client per admin statement: nothing stays connected when the database is dropped. */
  const admin = {
    async query(sql: string): Promise<void> {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      try { await client.query(sql); } finally { await client.end(); }
    },
  };
  afterAll(async () => {
    await server.dropDatabase(dbUrl);
    await server.stop();
  });

  /** A fresh schema per provider: the tables land in it through the connection's search_path. */
  let schemas = 0;
  async function freshSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
    const schema = `t${++schemas}_${randomId().slice(0, 6)}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(dbUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return { url: url.toString(), drop: async () => { await admin.query(`DROP SCHEMA ${schema} CASCADE`); } };
  }

  runStoreContract('postgres', async () => {
    const { url, drop } = await freshSchema();
    return { provider: createPostgresProvider({ connectionString: url, poolSize: 4, onWarning: () => {} }), cleanup: drop };
  });

  describe('PostgreSQL specifics', () => {
    it('migrates once, records the version, and warns once without pgvector', async () => {
      const { url, drop } = await freshSchema();
      const results = await Promise.all([1, 2, 3].map(() => migrate({ connectionString: url })));
      expect(results.map((r) => r.from).sort()).toEqual([0, MIGRATIONS.length, MIGRATIONS.length]);
      expect(results.every((r) => r.to === MIGRATIONS.length && !r.vectors.pgvector)).toBe(true);
      const runner = openRunner({ connectionString: url });
      expect(await schemaVersion(runner)).toBe(MIGRATIONS.length);
      await runner.close();
      const warnings: string[] = [];
      const provider = createPostgresProvider({ connectionString: url, onWarning: (m) => warnings.push(m) });
      const a = await provider.open('a');
      await provider.open('b');
      const m = mem('vectors without pgvector');
      await a.writeMemories([m]);
      await a.upsertVectors([{ kind: 'memory', id: m.id, vector: vec(1, 0) }]);
      expect((await a.searchVectors(vec(1, 0), { kind: 'memory', limit: 1 }))[0].item.id).toBe(m.id);
      expect(warnings).toEqual([PGVECTOR_MISSING]);
      await provider.close();
      await drop();
    });

    it('shares one profile between two providers, as between two servers', async () => {
      const { url, drop } = await freshSchema();
      const server1 = createPostgresProvider({ connectionString: url, onWarning: () => {} });
      const server2 = createPostgresProvider({ connectionString: url, onWarning: () => {} });
      const a = await server1.open('shared');
      const b = await server2.open('shared');
      const other = mem('written by server one');
      await a.writeMemories([other]);
      await a.upsertVectors([{ kind: 'memory', id: other.id, vector: vec(0, 1) }]);
      expect(await a.searchVectors(vec(0, 1), { kind: 'memory', limit: 5 })).toHaveLength(1); // warms a's cache
      const m = mem('written by server two');
      await b.writeMemories([m]);
      await b.upsertVectors([{ kind: 'memory', id: m.id, vector: vec(1, 0) }]);
      expect((await a.searchVectors(vec(1, 0), { kind: 'memory', limit: 1 }))[0].item.id).toBe(m.id);
      await b.forget(m.id, { purge: false });
      expect((await a.searchVectors(vec(1, 0), { kind: 'memory', limit: 5 })).map((x) => x.item.id)).toEqual([other.id]);
      await b.insertMessages([msg('s', 'user', 'from server two')]);
      expect(await a.countMessages()).toBe(1);
      await server1.close();
      await server2.close();
      await drop();
    });
  });

  describe('PostgreSQL concurrency (4 processes, one profile)', () => {
    const WORKERS = 4;
    const JOBS = 120;
    const KEYS = 5;

    /** Each child: its own pool; shared + own messages, keyed memories with random times, claims jobs until none are left. */
    const child = `
      const [{ createPostgresProvider }, { messageId, randomId }] = await Promise.all([
        import(${JSON.stringify(pathToFileURL(`${root}dist/store/postgres/index.js`).href)}),
        import(${JSON.stringify(pathToFileURL(`${root}dist/ids.js`).href)}),
      ]);
      const [url, worker, startAt] = process.argv.slice(1);
      const provider = createPostgresProvider({ connectionString: url, poolSize: 3, onWarning: () => {} });
      const store = await provider.open('shared');
      while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 5));
      const m = (session, content) => ({ id: messageId(session, 'user', content), sessionId: session, role: 'user', content, timestamp: null, metadata: null });
      const claimed = [];
      const messagesTask = (async () => {
        for (let i = 0; i < 50; i += 10) {
          const batch = [];
          for (let j = i; j < i + 10; j++) batch.push(m('common', 'shared message ' + j), m('w' + worker, 'own message ' + j));
          await store.insertMessages(batch, { enqueue: [{ kind: 'noop', payload: {} }] });
        }
      })();
      const memoriesTask = (async () => {
        for (let i = 0; i < 40; i++) {
          const key = 'topic.k' + (i % ${KEYS});
          const createdAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 1e9)).toISOString();
          await store.writeMemories([
            { id: randomId(), type: 'fact', content: 'worker ' + worker + ' value ' + i + ' for ' + key, topicKey: key, eventTime: null,
              sessionId: null, sourceMessageIds: [], queries: [], tags: [], importance: 0.5, createdAt },
            { id: randomId(), type: 'fact', content: 'The shared fact number ' + (i % 7), topicKey: null, eventTime: null,
              sessionId: null, sourceMessageIds: [], queries: [], tags: [], importance: 0.5 },
          ]);
        }
      })();
      const jobsTask = (async () => {
        for (;;) {
          const job = await store.claimJob({ workerId: 'w' + worker, leaseMs: 60000, kinds: ['work'] });
          if (!job) break;
          claimed.push(job.id);
          await store.completeJob(job.id, 'w' + worker);
        }
      })();
      await Promise.all([messagesTask, memoriesTask, jobsTask]);
      await provider.close();
      process.stdout.write(JSON.stringify({ claimed }));
    `;

    function runChild(url: string, worker: number, startAt: number): Promise<{ claimed: string[] }> {
      return new Promise((resolve, reject) => {
        const proc = spawn(process.execPath, ['--input-type=module', '-e', child, url, String(worker), String(startAt)], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        proc.stdout.on('data', (d) => { out += d; });
        proc.stderr.on('data', (d) => { err += d; });
        proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${worker} exited ${code}: ${err}`))));
      });
    }

    it('loses no message, keeps one active memory per topic key and claims every job once', async () => {
      const { url, drop } = await freshSchema();
      const provider = createPostgresProvider({ connectionString: url, onWarning: () => {} });
      const store = await provider.open('shared');
      const jobs = await store.enqueueJobs(Array.from({ length: JOBS }, (_, i) => ({ kind: 'work', payload: { i } })));
      const startAt = Date.now() + 1500;
      const results = await Promise.all(Array.from({ length: WORKERS }, (_, w) => runChild(url, w, startAt)));

      const claimed = results.flatMap((r) => r.claimed);
      expect(claimed).toHaveLength(JOBS);
      expect(new Set(claimed)).toEqual(new Set(jobs.map((j) => j.id)));
      expect(await store.countJobs()).toEqual({ pending: WORKERS * 5, running: 0, done: JOBS, failed: 0 });

      expect(await store.countMessages()).toBe(50 + WORKERS * 50);
      const seqs = (await store.listMessages()).map((m) => m.seq);
      expect(new Set(seqs).size).toBe(seqs.length);

      for (let k = 0; k < KEYS; k++) {
        const chain = await store.history(`topic.k${k}`);
        expect(chain).toHaveLength(WORKERS * 8);
        const active = chain.filter((m) => m.status === 'active');
        expect(active).toHaveLength(1);
        const newest = chain.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
        expect(active[0].id).toBe(newest.id);
        const ids = new Set(chain.map((m) => m.id));
        for (const m of chain.filter((x) => x.status === 'superseded')) expect(ids.has(m.supersededBy!)).toBe(true);
      }
      const shared = await store.listMemories({ limit: 1000, status: 'active' });
      const sharedContents = shared.items.filter((m) => m.topicKey === null).map((m) => m.content);
      expect(sharedContents.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `The shared fact number ${i}`).sort());
      await provider.close();
      await drop();
    });
  });
}
