/**
 * Vector search benchmark: exact brute force (the baseline) vs the HNSW AnnIndex.
 *   npx tsx bench/vector-perf.ts [--sizes 10000,100000] [--quant f32,f16,i8] [--queries 200]
 *                                [--k 10] [--connectivity 16] [--ef-add 128] [--ef-search 96] [--rescore on]
 *   --rescore on: also each quantization's recall when the graph's 2k + 10 best candidates are
 *   ranked by the exact f32 vectors (what i8 graph vectors would need to keep f16's recall).
 *   npx tsx bench/vector-perf.ts --store 100000   the SQLite store end to end (see store-vector-perf.ts)
 * 1M (`--sizes 1000000 --quant f32`) builds for several minutes on a 2-core machine.
 *
 * Data: synthetic clustered unit vectors, 100 dims, shaped like sentence embeddings: 2,000 topic
 * centres, each vector = shared "anisotropy" direction + its centre + per-vector noise, normalized.
 * Queries are fresh draws from the same distribution (not in the index).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANN_DEFAULTS, AnnIndex, type AnnQuantization } from '../src/vector/ann-index.js';
import { exactTopK } from '../src/vector/exact-search.js';

const USAGE = `npx tsx bench/vector-perf.ts [--sizes 10000,100000] [--quant f32,f16,i8] [--queries 200]
  [--k 10] [--connectivity 16] [--ef-add 128] [--ef-search 96] [--rescore on]
npx tsx bench/vector-perf.ts --store 100000 [--queries 200]`;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const DIMS = 100;
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
if (process.argv.includes('--store')) {
  const { storeVectorPerf } = await import('./store-vector-perf.js');
  await storeVectorPerf(Number(arg('store', '100000')), Number(arg('queries', '200')));
  process.exit(0);
}
const K = Number(arg('k', '10'));
const sizes = arg('sizes', '10000,100000').split(',').map(Number);
const quants = arg('quant', 'f32,f16,i8').split(',') as AnnQuantization[];
const queryCount = Number(arg('queries', '200'));
const connectivity = Number(arg('connectivity', String(ANN_DEFAULTS.connectivity)));
const expansionAdd = Number(arg('ef-add', String(ANN_DEFAULTS.expansionAdd)));
const expansionSearch = Number(arg('ef-search', String(ANN_DEFAULTS.expansionSearch)));
const rescore = arg('rescore', 'off') === 'on';
const rescoreDepth = (k: number): number => k * 2 + 10;
/** The candidates' rows by exact similarity to `q` (unit vectors: dot product), best k. */
function rescoreExact(q: Float32Array, rows: { id: string; vector: Float32Array }[], k: number): { id: string }[] {
  const dot = (v: Float32Array) => v.reduce((s, x, i) => s + x * q[i], 0);
  return rows.map((r) => ({ id: r.id, s: dot(r.vector) })).sort((a, b) => b.s - a.s).slice(0, k);
}

let seed = 42;
function random(): number {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
}
function gaussian(): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
}
function unit(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return v;
}
const common = unit(Float32Array.from({ length: DIMS }, gaussian));
const centres = Array.from({ length: 2000 }, () => unit(Float32Array.from({ length: DIMS }, gaussian)));
function draw(out: Float32Array, offset: number): void {
  const centre = centres[Math.floor(random() * centres.length)];
  const spread = 0.6 + random() * 0.8;
  const v = out.subarray(offset, offset + DIMS);
  for (let d = 0; d < DIMS; d++) v[d] = 0.8 * common[d] + centre[d] + (spread * gaussian()) / Math.sqrt(DIMS);
  unit(v);
}
function matrixOf(n: number): Float32Array {
  const m = new Float32Array(n * DIMS);
  for (let i = 0; i < n; i++) draw(m, i * DIMS);
  return m;
}
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function timeEach<T>(queries: Float32Array[], run: (q: Float32Array) => T): { results: T[]; p50: number; p99: number } {
  const times: number[] = [];
  const results = queries.map((q) => {
    const t = performance.now();
    const r = run(q);
    times.push(performance.now() - t);
    return r;
  });
  times.sort((a, b) => a - b);
  return { results, p50: percentile(times, 50), p99: percentile(times, 99) };
}
const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 0);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

const rows: string[] = [];
const emit = (row: string): void => {
  rows.push(row);
  console.error(row);
};
const dir = mkdtempSync(join(tmpdir(), 'mnemo-vector-perf-'));
const started = performance.now();
for (const n of sizes) {
  const data = matrixOf(n);
  const queries = Array.from({ length: queryCount }, () => {
    const q = new Float32Array(DIMS);
    draw(q, 0);
    return q;
  });
  const exact = timeEach(queries, (q) => exactTopK(data, DIMS, q, K).map((m) => m.row));
  const rss = (): string => mb(process.memoryUsage().rss);
  emit(`| ${n.toLocaleString('en')} | exact (JS brute force) | – | ${ms(exact.p50)} | ${ms(exact.p99)} | 1.000 | ${mb(data.byteLength)} (raw f32) | ${rss()} |`);
  for (const quantization of quants) {
    const t = performance.now();
    const ann = new AnnIndex({ dimensions: DIMS, quantization, connectivity, expansionAdd, expansionSearch });
    ann.addMany(BigUint64Array.from({ length: n }, (_, i) => BigInt(i)), data);
    const build = (performance.now() - t) / 1000;
    const approx = timeEach(queries, (q) => ann.search(q, K).map((m) => Number(m.key)));
    const recallOf = (results: number[][]): number => {
      let hits = 0;
      results.forEach((got, i) => {
        const truth = new Set(exact.results[i]);
        hits += got.filter((row) => truth.has(row)).length;
      });
      return hits / (queryCount * K);
    };
    const file = join(dir, `${n}-${quantization}.usearch`);
    await ann.save(file);
    const method = `HNSW ${quantization} M=${connectivity} ef=${expansionAdd}/${expansionSearch}`;
    emit(`| ${n.toLocaleString('en')} | ${method} | ${build.toFixed(1)} | ${ms(approx.p50)} | ${ms(approx.p99)} | ${recallOf(approx.results).toFixed(3)} | ${mb(statSync(file).size)} | ${rss()} |`);
    if (!rescore) continue;
    const rowOf = (key: bigint) => ({ id: String(key), vector: data.subarray(Number(key) * DIMS, (Number(key) + 1) * DIMS) });
    const rescored = timeEach(queries, (q) => rescoreExact(q, ann.search(q, rescoreDepth(K)).map((m) => rowOf(m.key)), K).map((h) => Number(h.id)));
    emit(`| ${n.toLocaleString('en')} | ${method}, ${rescoreDepth(K)} rescored exactly | – | ${ms(rescored.p50)} | ${ms(rescored.p99)} | ${recallOf(rescored.results).toFixed(3)} | ${mb(statSync(file).size)} | ${rss()} |`);
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`\nvector-perf: ${DIMS} dims, k=${K}, ${queryCount} queries, clustered synthetic unit vectors\n`);
console.log('| vectors | method | build s | p50 ms | p99 ms | recall@k | size MB | RSS MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
