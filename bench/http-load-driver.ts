/** The load generator of bench/http-load.ts: runs in a worker thread, so it never competes with the server's event loop. */

export interface OpResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Ids of acknowledged remembers (2xx), to verify afterwards. */
  ids: string[];
  /** CPU of the bench process per request (the server's alone when the driver is a child process). */
  cpuMs?: number;
  /** CPU of the load driver per request, when it runs as a child process. */
  driverCpuMs?: number;
  /** The same, counting the CPU of draining the background jobs the phase left behind. */
  cpuJobsMs?: number;
  drainMs?: number;
}

export const QUERIES = [
  'which database does the billing service use?',
  'what region is the search cluster in?',
  'who owns the mobile app?',
  'what language is the data pipeline written in?',
  'when does the auth gateway deploy?',
  'which package manager does the web frontend use?',
  'what queue does the ml trainer use?',
  'what cache does the cron runner use?',
];

/**
 * The no-repeat mix: every request a different question (a subject, attribute and item number of
 * the seeded profile), so no recall can reuse another's result.
 */
export const UNIQUE_QUESTION = `(i, count) => {
  const subjects = ['billing service', 'search cluster', 'mobile app', 'data pipeline', 'auth gateway', 'web frontend', 'ml trainer', 'cron runner'];
  const attrs = ['database', 'region', 'owner', 'language', 'deploy day', 'package manager', 'queue', 'cache'];
  return 'What ' + attrs[Math.floor(i / count) % attrs.length] + ' does the ' + subjects[(i * 7) % subjects.length] + ' #' + (i % count) + ' use?';
}`;

export function summarize(latencies: number[], errors: number, seconds: number, ids: string[]): OpResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, ids };
}

/**
 * CommonJS source for `new Worker(src, { eval: true })` or a forked child process (`--driver process`,
 * so the load generator does not even share the server's process): keeps the bench runnable under plain tsx.
 */
export const DRIVER_SOURCE = `
const threads = require('node:worker_threads');
const data = threads.workerData ?? JSON.parse(process.env.MNEMO_LOAD_DRIVER);
const send = (m) => (threads.parentPort ? threads.parentPort.postMessage(m) : process.send(m, () => process.exit(0)));
const { Pool } = require(data.undiciPath);
const { url, op, connections, seconds, queries, count, from = 0 } = data;
const unique = ${UNIQUE_QUESTION};
const pool = new Pool(url, { connections, pipelining: 1 });
const lat = [], ids = [];
let errors = 0, n = from;
const end = performance.now() + seconds * 1000;
const cpu = process.cpuUsage();
async function one(w) {
  const i = n++;
  const body = op === 'recall'
    ? { query: queries[i % queries.length] }
    : op === 'recall-unique' ? { query: unique(i, count) }
    : { content: 'HTTP note ' + w + '-' + i + ': the artifact store for build ' + i + ' is bucket a' + i + '.' };
  const s = performance.now();
  try {
    const res = await pool.request({ path: '/v1/profiles/bench/' + op.replace('-unique', ''), method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.body.json();
    if (res.statusCode >= 300) errors++;
    else if (op === 'remember') ids.push(json.memory.id);
  } catch { errors++; }
  lat.push(performance.now() - s);
}
(async () => {
  await Promise.all(Array.from({ length: connections }, async (_, w) => { while (performance.now() < end) await one(w); }));
  await pool.close();
  lat.sort((a, b) => a - b);
  const at = (q) => lat.length ? lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] : NaN;
  const used = process.cpuUsage(cpu);
  const driverCpuMs = threads.parentPort ? undefined : (used.user + used.system) / 1000 / Math.max(1, lat.length);
  send({ rps: lat.length / seconds, p50: at(0.5), p99: at(0.99), errors, ids, driverCpuMs });
})();
`;
