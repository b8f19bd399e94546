/**
 * Consolidation throughput and model cost:
 *   npx tsx bench/consolidate.ts [--memories 20000] [--model-memories 1000]
 * Offline (rules): memories consolidated per second on a synthetic profile (people mentioning
 * their topics across sessions, 5% restatements), against the baseline of only reading every
 * active memory once; then a second run, which must find nothing to do. With a model (the
 * scripted OpenAI-compatible server on loopback): calls and tokens per 1K memories.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { syntheticMemories } from '../src/bench/consolidation/synthetic.js';
import { openMemory } from '../src/index.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import { startFakeOpenAI } from '../test/support/fake-openai-server.js';

const args = benchArgs('bench/consolidate', 'npx tsx bench/consolidate.ts [--memories 20000] [--model-memories 1000 (0: skip the model run)]', {
  memories: { type: 'string', default: '20000' }, 'model-memories': { type: 'string', default: '1000' },
});
const n = args.whole('memories', 1);
const modelN = args.whole('model-memories', 0);

async function seededDir(count: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-bench-sleep-'));
  const provider = createSqliteProvider({ dataDir: dir });
  const store = await provider.open('bench');
  const memories = syntheticMemories({ memories: count, seed: 3 });
  for (let i = 0; i < memories.length; i += 5000) await store.writeMemories(memories.slice(i, i + 5000));
  await provider.close();
  return dir;
}

async function offline(): Promise<void> {
  const dir = await seededDir(n);
  const mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
  const p = mem.profile('bench');
  const t0 = performance.now();
  let read = 0;
  for (let cursor: string | undefined, page; (page = await p.list({ limit: 1000, cursor })); cursor = page.nextCursor ?? undefined) {
    read += page.items.length;
    if (!page.nextCursor) break;
  }
  const readMs = performance.now() - t0;
  const kinds = ['merge', 'semantic', 'summary'] as const;
  // CPU time next to wall time: on a shared machine the wall rate moves with the load, the CPU rate much less.
  const timed = async () => {
    const cpu0 = process.cpuUsage();
    const report = (await p.consolidate({ kinds: [...kinds] })).report!;
    const cpu = process.cpuUsage(cpu0);
    return { ...report, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
  };
  const first = await timed();
  const second = await timed();
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
  const rate = (count: number, ms: number) => Math.round(count / (ms / 1000)).toLocaleString('en');
  console.log(`\n## consolidation, offline rules (${n.toLocaleString('en')} synthetic memories, all kinds)\n`);
  console.log('| run | ms | memories/s | CPU ms | memories/CPU s | groups | written | merges | semantic | summaries | superseded |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(`| baseline: read every active memory | ${Math.round(readMs)} | ${rate(read, readMs)} | – | – | – | – | – | – | – | – |`);
  for (const [name, r] of [['first run', first], ['second run (nothing to do)', second]] as const) {
    console.log(`| ${name} | ${r.ms} | ${rate(n, r.ms)} | ${r.cpuMs} | ${rate(n, r.cpuMs)} | ${r.groups} | ${r.written} | ${r.byKind.merge} | ${r.byKind.semantic} | ${r.byKind.summary} | ${r.superseded} |`);
  }
  console.log(`\nload average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

async function withModel(): Promise<void> {
  const server = await startFakeOpenAI({
    handler: (req) => ({ json: { content: `Consolidated: ${req.text.split('\n').find((l) => /^1\. /.test(l))?.slice(3, 120) ?? 'memories'}` } }),
  });
  const dir = await seededDir(modelN);
  const mem = openMemory({
    dataDir: dir, embedder: false, worker: { background: false },
    llm: { provider: 'openai-compatible', baseURL: server.url, model: 'fake-model', maxRetries: 0 },
  });
  const r = (await mem.profile('bench').consolidate({ kinds: ['merge', 'semantic', 'summary'] })).report!;
  await mem.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  const per1k = (x: number) => Math.round((x * 1000) / modelN).toLocaleString('en');
  console.log(`\n## consolidation with a model (scripted OpenAI-compatible server, ${modelN.toLocaleString('en')} memories; tokens as the server counts them, characters / 4)\n`);
  console.log('| groups | model calls | input tokens | output tokens | calls / 1K memories | input tokens / 1K | output tokens / 1K | ms |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(`| ${r.groups} | ${r.modelCalls} | ${r.inputTokens} | ${r.outputTokens} | ${per1k(r.modelCalls)} | ${per1k(r.inputTokens)} | ${per1k(r.outputTokens)} | ${r.ms} |`);
}

await offline();
if (modelN > 0) await withModel();
