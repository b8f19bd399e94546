/**
 * `store.searchVectors` end to end on a SQLite profile of N memory vectors (100 dims, clustered
 * synthetic unit vectors): first open (exact load + background HNSW build + save), reopen (load
 * the persisted files), search latency on HNSW vs the exact index through the same store API, and
 * recall@10 of HNSW against exact. Run via `npx tsx bench/vector-perf.ts --store 100000`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { Store } from '../src/store/store.js';
import type { NewMemory } from '../src/types.js';

const DIMS = 100;
const K = 10;
let seed = 11;
const random = (): number => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const gaussian = (): number => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
function unit(v: Float32Array): Float32Array {
  const inv = 1 / Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x * inv);
}
const common = unit(Float32Array.from({ length: DIMS }, gaussian));
const centres = Array.from({ length: 2000 }, () => unit(Float32Array.from({ length: DIMS }, gaussian)));
function draw(): Float32Array {
  const centre = centres[Math.floor(random() * centres.length)];
  const spread = 0.6 + random() * 0.8;
  return unit(Float32Array.from({ length: DIMS }, (_, d) => 0.8 * common[d] + centre[d] + (spread * gaussian()) / Math.sqrt(DIMS)));
}
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const f = (x: number): string => x.toFixed(x < 10 ? 2 : 0);

async function populate(dataDir: string, n: number): Promise<void> {
  const provider = createSqliteProvider({ dataDir });
  const store = await provider.open('bench');
  for (let at = 0; at < n; at += 2000) {
    const batch: NewMemory[] = Array.from({ length: Math.min(2000, n - at) }, (_, i) => ({
      id: `m${at + i}`, type: 'fact', content: `memory ${at + i}`, topicKey: null, eventTime: null, sessionId: `s${(at + i) % 50}`,
      sourceMessageIds: [], queries: [], tags: [], importance: 0.5,
    }));
    await store.writeMemories(batch);
    await store.upsertVectors(batch.map((m) => ({ kind: 'memory', id: m.id, vector: draw() })));
  }
  await provider.close();
}

async function openStore(dataDir: string, annThreshold?: number) {
  const events: VectorIndexEvent[] = [];
  let onEvent: ((e: VectorIndexEvent) => void) | null = null;
  const provider = createSqliteProvider({ dataDir, annThreshold, onVectorIndexEvent: (e) => { events.push(e); onEvent?.(e); } });
  const store = await provider.open('bench');
  const until = (name: string) => events.some((e) => e.event === name) ? Promise.resolve()
    : new Promise<void>((resolve) => { onEvent = (e) => { if (e.event === name) resolve(); }; });
  return { provider, store, events, until };
}

async function timed(store: Store, queries: Float32Array[]): Promise<{ p50: number; p99: number; ids: string[][] }> {
  const times: number[] = [];
  const ids: string[][] = [];
  for (const q of queries) {
    const t = performance.now();
    ids.push((await store.searchVectors(q, { kind: 'memory', limit: K })).map((h) => h.item.id));
    times.push(performance.now() - t);
  }
  return { p50: pct(times, 50), p99: pct(times, 99), ids };
}

export async function storeVectorPerf(n: number, queryCount: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-store-vector-perf-'));
  const rows: string[] = [];
  try {
    let t = performance.now();
    await populate(dataDir, n);
    rows.push(`| populate ${n.toLocaleString('en')} memories + vectors | ${((performance.now() - t) / 1000).toFixed(1)} s |`);
    const queries = Array.from({ length: queryCount }, draw);

    const exact = await openStore(dataDir, Number.POSITIVE_INFINITY);
    t = performance.now();
    await exact.store.searchVectors(queries[0], { kind: 'memory', limit: K });
    rows.push(`| exact: first search (loads the table) | ${f(performance.now() - t)} ms |`);
    const truth = await timed(exact.store, queries);
    rows.push(`| exact: searchVectors p50 / p99 | ${f(truth.p50)} / ${f(truth.p99)} ms |`);
    await exact.provider.close();

    const first = await openStore(dataDir);
    t = performance.now();
    await first.store.searchVectors(queries[0], { kind: 'memory', limit: K });
    rows.push(`| HNSW first open: first search (exact load, build starts) | ${f(performance.now() - t)} ms |`);
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const during = await timed(first.store, queries.slice(0, 50)); // served by exact while building
    await first.until('ann-built');
    lag.disable();
    const built = first.events.find((e) => e.event === 'ann-built')!;
    rows.push(`| HNSW build in background (chunked addMany) | ${(built.ms! / 1000).toFixed(1)} s |`);
    rows.push(`| searches during the build p50 / p99; event-loop delay max | ${f(during.p50)} / ${f(during.p99)} ms; ${f(lag.max / 1e6)} ms |`);
    await first.until('ann-save');
    rows.push(`| save files | ${f(first.events.find((e) => e.event === 'ann-save')!.ms!)} ms |`);
    await first.provider.close();

    const again = await openStore(dataDir);
    t = performance.now();
    await again.store.searchVectors(queries[0], { kind: 'memory', limit: K });
    rows.push(`| HNSW reopen: first search (load files + attrs + log tail) | ${f(performance.now() - t)} ms (${again.events.map((e) => e.event).join(', ')}) |`);
    const approx = await timed(again.store, queries);
    let hits = 0;
    approx.ids.forEach((ids, i) => { const want = new Set(truth.ids[i]); hits += ids.filter((id) => want.has(id)).length; });
    rows.push(`| HNSW: searchVectors p50 / p99 | ${f(approx.p50)} / ${f(approx.p99)} ms |`);
    rows.push(`| HNSW recall@10 vs exact | ${(hits / (queryCount * K)).toFixed(3)} |`);
    const filtered = await timed({ searchVectors: (q: Float32Array) => again.store.searchVectors(q, { kind: 'memory', limit: K, sessionId: 's7' }) } as unknown as Store, queries);
    rows.push(`| HNSW: session-filtered (1/50 of rows) p50 / p99 | ${f(filtered.p50)} / ${f(filtered.p99)} ms |`);
    await again.provider.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nstore vector perf: ${n.toLocaleString('en')} memory vectors, ${DIMS} dims, k=${K}, ${queryCount} queries, ${process.platform} ${process.arch}\n`);
  console.log('| step | result |\n|---|---|');
  for (const r of rows) console.log(r);
}
