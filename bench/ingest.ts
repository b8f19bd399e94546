/**
 * Offline ingest throughput on the LoCoMo dev conversations (DESIGN.md §2, issue: ≥ 5,000 msg/s).
 * Rows: raw message writes alone (the baseline: what storage costs), ingest + rule extraction,
 * and vectorization with the configured offline embedder. Run: npm run bench:ingest
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { openMemory } from '../src/index.js';
import { loadLocomo } from '../src/bench/datasets/locomo.js';

const args = benchArgs('bench/ingest', 'npx tsx bench/ingest.ts [--data locomo-dev.json] [--batch 500] [--no-vectors]', {
  data: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/bench/locomo-dev.json') },
  batch: { type: 'string', default: '500' },
  'no-vectors': { type: 'boolean', default: false },
});
const { values } = args;
const batch = args.whole('batch', 1);
const conversations = loadLocomo(values.data!);
const total = conversations.reduce((n, c) => n + c.messages.length, 0);

interface Row { name: string; seconds: number; messages: number; memories: number }
const rows: Row[] = [];
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

async function run(name: string, opts: { extract: boolean; vectors: boolean }): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-bench-ingest-'));
  const mem = openMemory({ dataDir: dir, embedder: opts.vectors ? undefined : false, worker: { background: false } });
  let memories = 0;
  const t0 = performance.now();
  for (const conv of conversations) {
    const p = mem.profile(conv.id.toLowerCase());
    for (let i = 0; i < conv.messages.length; i += batch) {
      const res = await p.ingest(conv.messages.slice(i, i + batch), { wait: opts.extract });
      memories += res.memories?.length ?? 0;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  rows.push({ name, seconds, messages: total, memories });
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
}

// Warm the word-vector cache once so the vector row measures embedding, not the one-time conversion.
if (!values['no-vectors']) await run('(warm-up: word-vector cache)', { extract: true, vectors: true });
rows.length = 0;
await run('raw message writes (baseline)', { extract: false, vectors: false });
await run('ingest + rule extraction', { extract: true, vectors: false });
if (!values['no-vectors']) await run('ingest + extraction + vectors', { extract: true, vectors: true });
clearInterval(sampler);

const base = rows[0];
console.log(`\nOffline ingest, ${conversations.length} LoCoMo conversations, ${total} messages, batches of ${batch}\n`);
console.log('| pipeline | seconds | messages/s | memories/s | memories | × baseline time |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.name} | ${r.seconds.toFixed(2)} | ${Math.round(r.messages / r.seconds)} | ${Math.round(r.memories / r.seconds)} | ${r.memories} | ${(r.seconds / base.seconds).toFixed(2)} |`);
}
console.log(`\npeak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
