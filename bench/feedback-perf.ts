/**
 * Recall latency at 10K memories with each recall tuning, interleaved in rounds (rotated)
 * on one synthetic profile so machine load hits every configuration alike.
 *   npx tsx bench/feedback-perf.ts [--size 10000] [--queries 200] [--rounds 3] [--configs '{"name": {...RecallTuning}}']
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchArgs, jsonArg } from '../src/bench/bench-args.js';
import { buildProfile } from '../src/bench/perf/build-profile.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { createGloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { openMemory } from '../src/mnemo.js';
import { type RecallTuning, setRecallTuning } from '../src/recall/tuning.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';

const args = benchArgs('bench/feedback-perf', `npx tsx bench/feedback-perf.ts [--size 10000] [--queries 200] [--rounds 3] [--configs '{"name": {...RecallTuning}}']`, {
  size: { type: 'string', default: '10000' },
  queries: { type: 'string', default: '200' },
  rounds: { type: 'string', default: '3' },
  configs: { type: 'string' },
});
const { values } = args;
const configs: Record<string, Partial<RecallTuning>> = values.configs
  ? jsonArg(args, 'configs', values.configs)
  : { default: {}, '+ feedback words': { feedbackTermsWeight: 0.1, feedback: { docs: 3, terms: 3, vectorShare: 0 } } };
const size = args.whole('size', 10);
args.whole('queries', 1);
args.whole('rounds', 1);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mnemo-feedback-perf-'));
const embedder = await createGloveEmbedder({ cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const builder = createSqliteProvider({ dataDir });
await buildProfile(await builder.open('perf'), embedder, { seed: 42, size, batchSize: 500 });
await builder.close();

const mem = openMemory({ store: createSqliteProvider({ dataDir }), embedder, worker: { background: false } });
const profile = mem.profile('perf');
const questions = recallQuestions(42, size, Number(values.queries));
for (const q of questions.slice(0, 20)) await profile.recall(q.query, { limit: 10 });
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(configs).map((n) => [n, []]));
const entries = Object.entries(configs);
for (let round = 0; round < Number(values.rounds); round++) {
  // Each round starts with the next configuration, so none always runs first.
  for (const [name, tuning] of [...entries.slice(round % entries.length), ...entries.slice(0, round % entries.length)]) {
    setRecallTuning(tuning);
    for (const q of questions) {
      const t = performance.now();
      await profile.recall(q.query, { synthesize: true, limit: 10 });
      samples[name]!.push(performance.now() - t);
    }
  }
}
setRecallTuning({});
await mem.close();
rmSync(dataDir, { recursive: true, force: true });

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const base = pct(samples.default ?? Object.values(samples)[0]!, 50);
console.log(`\n## recall latency at ${size.toLocaleString('en')} memories (${questions.length} questions × ${values.rounds} rounds, interleaved)\n`);
console.log('| config | p50 ms | p95 ms | p50 / default |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, xs] of Object.entries(samples)) console.log(`| ${name} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} | ${(pct(xs, 50) / base).toFixed(2)}× |`);
