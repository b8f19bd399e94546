/**
 * Inspector paging benchmark: a synthetic SQLite profile of `--size` memories (default 100k)
 * served by the real HTTP server; times the Memories view (the HTML fragment the page loads)
 * on its first page, deep pages reached by cursor, and each filter, against the baseline of
 * loading every memory and slicing the page out (what a table without cursor paging does).
 *   npx tsx bench/inspector-paging.ts [--size 100k] [--reps 15] [--keep DIR (reuse the built profile)]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { latencySummary } from '../src/bench/metrics.js';
import { buildProfile } from '../src/bench/perf/build-profile.js';
import { startHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/mnemo.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import type { Store } from '../src/store/store.js';

const args = benchArgs('bench/inspector-paging', 'npx tsx bench/inspector-paging.ts [--size 100k] [--reps 15] [--keep DIR]', {
  size: { type: 'string', default: '100k' }, reps: { type: 'string', default: '15' }, keep: { type: 'string' },
});
const { values } = args;
const [size] = args.sizes('size');
const reps = args.whole('reps', 1);
const dir = values.keep ?? mkdtempSync(path.join(tmpdir(), 'mnemo-inspector-bench-'));
const log = (line: string) => process.stderr.write(`${line}\n`);

// Built through the store alone, before the server opens the profile, so no job runs during the timings.
const provider = createSqliteProvider({ dataDir: dir });
const buildStore = await provider.open('perf');
if ((await buildStore.countMemories()) === 0) {
  const t0 = performance.now();
  const built = await buildProfile(buildStore, null, { seed: 7, size, onProgress: (d, t) => d % 20_000 === 0 && log(`  built ${d}/${t}`) });
  log(`built ${built.memories} memories, ${built.messages} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const total = await buildStore.countMemories();
await provider.close();

// No embedder: the inspector reads no vectors, and a first embedding pass would share the event loop.
const mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
const profile = mnemo.profile('perf');
const store = await (profile as unknown as { store(): Promise<Store> }).store();
// Run whatever the profile queues on opening, so no job shares the event loop with the timings.
const tDrain = performance.now();
await profile.drain();
log(`background jobs drained in ${((performance.now() - tDrain) / 1000).toFixed(1)} s`);
const server = await startHttpServer({ mnemo, port: 0, logger: false });

/** Rows shown by the last request of each case (a filter that matches nothing would time nothing). */
const shown = new Map<string, number>();
const view = async (query: string) => {
  const res = await fetch(`${server.url}/ui/p/perf/memories${query}`, { headers: { 'hx-request': 'true' } });
  if (res.status !== 200) throw new Error(`${res.status} for ${query}`);
  const html = await res.text();
  shown.set(query, (html.match(/<tr>/g)?.length ?? 1) - 1);
  return html;
};
const time = async (fn: () => Promise<unknown>) => {
  const samples: number[] = [];
  await fn(); // warm
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
    log(`    ${samples[i].toFixed(1)} ms`);
  }
  return latencySummary(samples);
};

// A cursor 10,000 memories deep, reached by walking pages the way the Next link does.
let deep = '';
for (let i = 0; i < 200; i++) deep = (await profile.browse({ status: 'active', limit: 50, cursor: deep || undefined })).nextCursor ?? deep;
const sample = (await profile.browse({ limit: 1 })).items[0];
const tag = sample.tags[0] ?? 'none';
const day = sample.createdAt.slice(0, 10);
const monthBefore = new Date(Date.parse(day) - 30 * 86_400_000).toISOString().slice(0, 10);
const word = sample.content.split(/\s+/).find((w) => w.length > 5) ?? 'project';

log('walked 200 pages');
const rows: [string, Awaited<ReturnType<typeof time>>][] = [];
const cases: [string, string][] = [
  ['first page (50)', ''],
  ['page 201 (10,000 deep, cursor)', `?cursor=${deep}`],
  [`tag filter (#${tag})`, `?tag=${encodeURIComponent(tag)}&status=any`],
  ['tag that no memory has (worst case: full scan)', '?tag=no-such-tag&status=any'],
  [`full text ("${word}")`, `?q=${encodeURIComponent(word)}&status=any`],
  [`events created ${monthBefore}..${day}`, `?type=event&from=${monthBefore}&to=${day}&status=any`],
];
for (const [name, query] of cases) rows.push([name, await time(() => view(query))]);
cases.forEach(([, query], i) => (rows[i][0] += `: ${shown.get(query)} rows`));
rows.push(['profiles page (inspect counts)', await time(async () => (await fetch(`${server.url}/ui`, { headers: { 'hx-request': 'true' } })).text())]);
// Last: each run blocks the event loop for seconds, which would disturb the server's idle sockets.
rows.push(['baseline: load all, slice page 1', await time(async () => (await store.listMemories({ limit: total, status: ['active', 'superseded', 'forgotten', 'done'] })).items.slice(0, 50))]);

console.log(`\nInspector Memories view on ${total.toLocaleString()} memories (SQLite, HTTP on loopback, ${reps} reps)`);
console.log('case'.padEnd(48), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9));
for (const [name, s] of rows) console.log(name.padEnd(48), s.p50.toFixed(1).padStart(9), s.p95.toFixed(1).padStart(9));

await server.close();
await mnemo.close();
if (!values.keep) rmSync(dir, { recursive: true, force: true });
