/**
 * Performance of mnemo at 10K, 100K and 1M memories (build, ingest, recall, remember, disk, RSS,
 * cold start, exact vs HNSW vector search). Default: 10K and 100K (a few minutes on 2 cores).
 *   npx tsx bench/perf.ts [--sizes 10k,100k] [--out perf.json] [--queries 300] [--remembers 300]
 *                         [--ingest 1000] [--seed 42] [--no-cold-start] [--no-vectors] [--keep DIR]
 *                         [--cpu-prof PREFIX]   (profile the recall loop: PREFIX-<size>.cpuprofile + hotspots)
 *                         [--results DIR | --no-results]
 * Each size's result goes to bench/results/perf-<size>.json with the machine's facts (committed,
 * so the next change is compared against it). 1M (`--sizes 1m`) is long: on 2 cores shared with
 * other work (load 10-13) its build alone took 35 min (474 memories/s), and the first open then
 * builds HNSW graphs for about 1.3M vectors.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { formatPerfReport, runPerfBench } from '../src/bench/perf/index.js';
import { sizeLabel } from '../src/bench/perf/format.js';
import { writeResultFile } from '../src/bench/perf/results-file.js';

const USAGE = `npx tsx bench/perf.ts [--sizes 10k,100k] [--out perf.json] [--queries 300] [--remembers 300]
  [--ingest 1000] [--seed 42] [--embedder glove|hashing] [--no-cold-start] [--no-vectors] [--keep DIR]
  [--cpu-prof PREFIX] [--results DIR | --no-results]`;
const args = benchArgs('bench/perf', USAGE, {
  sizes: { type: 'string', default: '10k,100k' },
  out: { type: 'string' },
  queries: { type: 'string', default: '300' },
  remembers: { type: 'string', default: '300' },
  ingest: { type: 'string', default: '1000' },
  seed: { type: 'string', default: '42' },
  embedder: { type: 'string', default: 'glove' },
  'no-cold-start': { type: 'boolean', default: false },
  'no-vectors': { type: 'boolean', default: false },
  keep: { type: 'string' },
  'cpu-prof': { type: 'string' },
  results: { type: 'string', default: path.join(import.meta.dirname, 'results') },
  'no-results': { type: 'boolean', default: false },
});
const { values } = args;
if (values.embedder !== 'glove' && values.embedder !== 'hashing') args.fail(`--embedder must be glove or hashing; got ${JSON.stringify(values.embedder)}`);
const sizes = args.sizes('sizes');

const result = await runPerfBench({
  sizes,
  queries: args.whole('queries', 1),
  remembers: args.whole('remembers', 1),
  ingestMessages: args.whole('ingest', 1),
  seed: args.whole('seed', -Infinity),
  embedder: values.embedder === 'hashing' ? { kind: 'hashing' } : { kind: 'glove' },
  coldStart: !values['no-cold-start'],
  vectors: !values['no-vectors'],
  workDir: values.keep,
  keep: values.keep !== undefined,
  cpuProfile: values['cpu-prof'],
});
if (values.out) writeFileSync(values.out, JSON.stringify(result, null, 2));
process.stdout.write(formatPerfReport(result));
if (!values['no-results']) {
  const { machine, sizes, targets, ...run } = result;
  for (const size of sizes) {
    const label = sizeLabel(size.size);
    const file = writeResultFile(values.results!, `perf-${label.toLowerCase()}`, machine, {
      ...run, result: size, targets: targets.filter((t) => t.name.endsWith(`@${label}`) || t.name.includes(`@${label} `)),
    });
    process.stdout.write(`result: ${path.relative(process.cwd(), file)}\n`);
  }
}
