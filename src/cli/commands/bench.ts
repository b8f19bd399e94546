import { writeFile } from 'node:fs/promises';
import { Argument, type Command, Option } from 'commander';
import { MnemoError } from '../../errors.js';
import { globals } from '../context.js';
import { println } from '../output.js';
import { intOption } from '../parse.js';
import { registerBenchQa } from './bench-qa.js';

interface Opts {
  data?: string;
  out?: string;
  compare?: string[];
  conversations?: string;
  limitQuestions?: number;
  embedder: string;
  baselines?: string;
  mnemo: boolean;
  sizes?: string;
}

export function registerBench(program: Command): void {
  const bench = program
    .command('bench')
    .description('benchmarks: LoCoMo and BEAM retrieval quality, perf (latency, throughput, size); `bench qa --help`: answer quality with a model')
    .addArgument(new Argument('<kind>', 'locomo, beam or perf').choices(['locomo', 'beam', 'perf']))
    .option('--data <path>', 'dataset file or folder (locomo, beam)')
    .option('--out <file>', 'write the result as JSON')
    .option('--compare <files...>', 'compare two result files: --compare A.json B.json')
    .option('--conversations <ids>', 'comma-separated conversation ids (locomo, beam)')
    .option('--limit-questions <n>', 'questions per conversation (locomo, beam)', intOption(1, 1_000_000))
    .addOption(new Option('--embedder <kind>', 'embedder of the run').choices(['glove', 'hashing', 'none']).default('glove'))
    .option('--baselines <names>', 'comma-separated baselines: bm25,vector,hybrid,orama (locomo, beam)')
    .option('--no-mnemo', 'run only the baselines (locomo, beam)')
    .option('--sizes <list>', 'profile sizes in memories, e.g. 10k,100k (perf)')
    .addHelpText('after', '\nExamples:\n  mnemo bench locomo --data locomo10.json --out run.json\n  mnemo bench locomo --compare before.json after.json\n  mnemo bench perf --sizes 10k --out perf.json')
    .action(async (kind: 'locomo' | 'beam' | 'perf', opts: Opts, cmd: Command) => {
      const g = globals(cmd);
      if (kind === 'perf') return runPerf(opts, g.json);
      const { runBenchCli } = await import('../../bench/cli.js');
      const argv = ['--embedder', opts.embedder];
      if (opts.compare) argv.push('--compare', ...opts.compare);
      if (opts.data) argv.push('--data', opts.data);
      if (opts.out) argv.push('--out', opts.out);
      if (opts.conversations) argv.push('--conversations', opts.conversations);
      if (opts.limitQuestions) argv.push('--limit-questions', String(opts.limitQuestions));
      if (opts.baselines) argv.push('--baselines', opts.baselines);
      if (!opts.mnemo) argv.push('--no-mnemo');
      if (g.json || !process.stderr.isTTY) argv.push('--no-progress');
      process.stdout.write(await asUsage(runBenchCli(kind, argv)));
    });
  registerBenchQa(bench);
}

/** The bench module reports bad arguments as plain errors: they are usage errors here. */
async function asUsage<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof MnemoError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    const usage = /needs|unknown|must be|no such file|ENOENT/.test(message);
    throw new MnemoError(usage ? 'invalid_input' : 'internal', message);
  }
}

async function runPerf(opts: Opts, json: boolean): Promise<void> {
  const perf = await import('../../bench/perf/index.js');
  let sizes: number[] | undefined;
  try {
    sizes = opts.sizes ? perf.parseSizes(opts.sizes) : undefined;
  } catch (err) {
    throw new MnemoError('invalid_input', `--sizes: ${(err as Error).message}`);
  }
  const embedder = opts.embedder === 'hashing' ? { kind: 'hashing' as const } : undefined;
  const result = await perf.runPerfBench({ sizes, embedder });
  if (opts.out) await writeFile(opts.out, JSON.stringify(result, null, 2) + '\n');
  if (json) return println(JSON.stringify(result, null, 2));
  process.stdout.write(perf.formatPerfReport(result));
}
