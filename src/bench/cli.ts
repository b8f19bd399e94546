/** `bench/locomo.ts`, `bench/beam.ts` and `mnemo bench`: parse arguments, run, print, save. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Embedder } from '../models/embedder.js';
import { createGloveEmbedder } from '../models/embedders/glove/glove-embedder.js';
import { HashingEmbedder } from '../models/embedders/hashing-embedder.js';
import { BASELINE_NAMES, type BaselineName } from './baselines/index.js';
import { compareResults, formatComparison, readResult } from './compare.js';
import { tempDirProfiles } from './mnemo-factory.js';
import { repoRoot } from './paths.js';
import { formatReport } from './report.js';
import type { BenchRunOptions } from './run-options.js';
import { runBeamBench } from './run-beam.js';
import { runLocomoBench } from './run-locomo.js';

export type BenchKind = 'locomo' | 'beam';

export const BENCH_USAGE = `usage: bench <locomo|beam> [--data PATH] [--out FILE.json] [--conversations ID,ID]
       [--limit-questions N] [--embedder glove|hashing|none] [--baselines bm25,vector,hybrid,orama]
       [--no-mnemo] [--models-dir DIR] [--no-progress] [--consolidate] [--tiered]
       bench --compare A.json B.json`;

async function loadEmbedder(kind: string, modelsDir: string): Promise<Embedder | undefined> {
  if (kind === 'none') return undefined;
  if (kind === 'hashing') return new HashingEmbedder();
  if (kind === 'glove') return createGloveEmbedder({ cacheDir: modelsDir });
  throw new Error(`unknown embedder "${kind}" (glove, hashing, none)`);
}

function list(values: string[] | undefined): string[] | undefined {
  const items = values?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  return items?.length ? items : undefined;
}

function parseBaselines(values: string[] | undefined): BaselineName[] | undefined {
  const names = list(values);
  const unknown = names?.filter((n) => !(BASELINE_NAMES as readonly string[]).includes(n));
  if (unknown?.length) throw new Error(`unknown baseline(s) ${unknown.join(', ')} (${BASELINE_NAMES.join(', ')})`);
  return names as BaselineName[] | undefined;
}

/** Runs the benchmark (or the comparison) and returns the text for stdout. */
export async function runBenchCli(kind: BenchKind, argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      out: { type: 'string' },
      conversations: { type: 'string', multiple: true },
      'limit-questions': { type: 'string' },
      embedder: { type: 'string', default: 'glove' },
      baselines: { type: 'string', multiple: true },
      'no-mnemo': { type: 'boolean', default: false },
      'models-dir': { type: 'string' },
      'no-progress': { type: 'boolean', default: false },
      consolidate: { type: 'boolean', default: false },
      tiered: { type: 'boolean', default: false },
      compare: { type: 'boolean', default: false },
    },
  });
  if (values.compare) {
    if (positionals.length !== 2) throw new Error('--compare needs two result files: --compare A.json B.json');
    const [a, b] = positionals;
    return formatComparison(compareResults(readResult(a), readResult(b)), [a, b]);
  }
  const limit = values['limit-questions'] === undefined ? undefined : Number(values['limit-questions']);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error('--limit-questions must be a positive integer');
  const baselines = parseBaselines(values.baselines);
  const modelsDir = resolve(values['models-dir'] ?? resolve(repoRoot(), '.mnemo', 'models'));
  const embedder = await loadEmbedder(values.embedder!, modelsDir);
  const opts: BenchRunOptions = {
    dataPath: values.data ? resolve(values.data) : undefined,
    conversations: list(values.conversations),
    limitQuestions: limit,
    embedder,
    baselines,
    // Consolidation runs only where asked (the "+ consolidation" row), never automatically.
    openProfile: values['no-mnemo'] ? undefined : tempDirProfiles({ embedder: embedder ?? false, consolidation: { everyNewMemories: 0 } }),
    progress: values['no-progress'] ? false : undefined,
    consolidate: values.consolidate,
    tiered: values.tiered,
  };
  const result = kind === 'locomo' ? await runLocomoBench(opts) : await runBeamBench(opts);
  if (values.out) writeFileSync(values.out, JSON.stringify(result, null, 2) + '\n');
  return formatReport(result);
}

/** Entry-script glue: print the report, or the error and usage with exit code 1/2. */
export async function benchMain(kind: BenchKind, argv = process.argv.slice(2)): Promise<void> {
  try {
    process.stdout.write(await runBenchCli(kind, argv));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`bench: ${message}\n${BENCH_USAGE}\n`);
    process.exitCode = err instanceof TypeError && 'code' in err ? 2 : 1;
  }
}
