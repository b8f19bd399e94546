/**
 * PostgreSQL restart under load: the HTTP server on a PostgreSQL store takes `remember` and
 * `recall` from several connections while the database server is stopped at once and started
 * again. Requests in the outage must fail clearly (503 `unavailable`, never a 500 or a hang),
 * then succeed again, and every acknowledged write must be there exactly once.
 */
import { startHttpServer } from '../../../src/http/server.js';
import { openMemory } from '../../../src/index.js';
import { createPostgresProvider } from '../../../src/store/postgres/index.js';
import { startCluster } from './pg-cluster.js';

export interface PgRestartResult {
  skipped?: string;
  requests: number;
  byPhase: Record<'before' | 'outage' | 'after', Record<string, number>>;
  unclear: string[];
  resumedAfterMs: number | null;
  acknowledged: number;
  lost: number;
  duplicated: number;
}

export async function pgRestart(opts: { connections?: number; downMs?: number; afterMs?: number } = {}): Promise<PgRestartResult> {
  const cluster = await startCluster();
  const empty = { requests: 0, byPhase: { before: {}, outage: {}, after: {} }, unclear: [], resumedAfterMs: null, acknowledged: 0, lost: 0, duplicated: 0 };
  if (!cluster.ok) return { ...empty, skipped: cluster.reason };
  const mnemo = openMemory({ store: createPostgresProvider({ connectionString: cluster.url, poolSize: 8, onWarning: () => {} }), embedder: { kind: 'hashing' }, onWarning: () => {} });
  const server = await startHttpServer({ mnemo, port: 0, logger: false });
  const res: PgRestartResult = { ...empty, byPhase: { before: {}, outage: {}, after: {} }, unclear: [] };
  const acked = new Set<string>();
  let phase: 'before' | 'outage' | 'after' = 'before';
  let restartedAt = 0;
  let stop = false;
  const post = async (p: string, body: unknown) => {
    const r = await fetch(server.url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    return { status: r.status, body: (await r.json().catch(() => null)) as { memory?: { id: string; content: string }; error?: { code: string; message: string } } | null };
  };
  try {
    await post('/v1/profiles/pg/remember', { content: 'The first note exists before any restart.' });
    const loops = Array.from({ length: opts.connections ?? 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const at = phase;
        let status: string;
        try {
          const r = i % 3 === 2
            ? await post('/v1/profiles/pg/recall', { query: 'which note exists before any restart?' })
            : await post('/v1/profiles/pg/remember', { content: `Writer ${w} note ${i}: the value is ${w * 100_000 + i}.` });
          status = String(r.status);
          if (r.status < 300 && r.body?.memory) acked.add(r.body.memory.id);
          if (r.status >= 500 && (r.status !== 503 || r.body?.error?.code !== 'unavailable')) res.unclear.push(`${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
          if (at === 'after' && r.status < 300 && res.resumedAfterMs === null) res.resumedAfterMs = Date.now() - restartedAt;
        } catch (err) {
          status = 'no answer';
          res.unclear.push(`no answer: ${(err as Error).message}`);
        }
        res.requests++;
        res.byPhase[at][status] = (res.byPhase[at][status] ?? 0) + 1;
        if (status !== '200' && status !== '201') await new Promise((r) => setTimeout(r, 50));
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    phase = 'outage';
    await cluster.restart(opts.downMs ?? 1500);
    phase = 'after';
    restartedAt = Date.now();
    await new Promise((r) => setTimeout(r, opts.afterMs ?? 3000));
    stop = true;
    await Promise.all(loops);
    const doc = await mnemo.profile('pg').export();
    const ids = doc.memories.map((m) => m.id);
    res.acknowledged = acked.size;
    res.lost = [...acked].filter((id) => !ids.includes(id)).length;
    res.duplicated = ids.length - new Set(doc.memories.map((m) => m.content)).size;
    return res;
  } finally {
    stop = true;
    await server.close();
    await mnemo.close().catch(() => {});
    cluster.close();
  }
}
