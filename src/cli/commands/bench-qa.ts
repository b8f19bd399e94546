/** `mnemo bench qa`: answer quality with a real model (a subcommand of `bench`, sharing its --data/--out/… options). */
import { writeFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { globals } from '../context.js';
import { println } from '../output.js';

interface QaFlags {
  data?: string;
  out?: string;
  conversations?: string;
  limitQuestions?: number;
  embedder?: 'glove' | 'hashing' | 'none';
  model: string;
  judge?: string;
  format?: 'locomo' | 'longmemeval' | 'beam';
  extract: 'rules' | 'model';
  maxContextTokens?: string;
  fullContextLimit?: string;
  recallLimit?: string;
  baselines?: string;
  concurrency?: string;
  retries?: string;
  retryBaseMs?: string;
  timeoutMs?: string;
  priceIn?: string;
  priceOut?: string;
  judgePriceIn?: string;
  judgePriceOut?: string;
  progress: boolean;
  freshContext?: boolean;
}

/** Numbers are checked (with the flag's name) by the options schema, so every message reads the same. */
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

export function registerBenchQa(bench: Command): void {
  bench
    .command('qa')
    .description('answer quality with a model: LoCoMo, LongMemEval or BEAM (J, F1, BLEU-1, baselines, cost); resumable')
    .requiredOption('--model <spec>', 'answering model: openai:<id>, anthropic:<id>, or <id>@<OpenAI-compatible base URL>')
    .option('--judge <spec>', 'judge model, same syntax (default: the answering model; key: MNEMO_JUDGE_API_KEY or the provider key)')
    .addOption(new Option('--format <name>', 'data format (default: detected)').choices(['locomo', 'longmemeval', 'beam']))
    .addOption(new Option('--extract <how>', 'ingest with offline rules or with the answering model').choices(['rules', 'model']).default('rules'))
    .option('--max-context-tokens <n>', 'budget of the context block mnemo gives the model (default 4000)')
    .option('--full-context-limit <n>', 'full-context baseline only for conversations up to this many tokens (default 120000)')
    .option('--recall-limit <n>', 'memories and messages recalled per question (default 30)')
    .option('--baselines <list>', 'full-context,no-memory (default both) or none')
    .option('--concurrency <n>', 'questions in flight at once (default 4)')
    .option('--retries <n>', 'retries of a rate-limited or failed call (default 5)')
    .option('--retry-base-ms <n>', 'first backoff, doubled per retry, unless the server sends Retry-After (default 1000)')
    .option('--timeout-ms <n>', 'per-call timeout (default 120000)')
    .option('--price-in <usd>', 'answering model price per million input tokens')
    .option('--price-out <usd>', 'answering model price per million output tokens')
    .option('--judge-price-in <usd>', 'judge price per million input tokens (default: --price-in)')
    .option('--judge-price-out <usd>', 'judge price per million output tokens (default: --price-out)')
    .option('--fresh-context', 'recall again rather than reuse the contexts an earlier run cached (after changing mnemo)')
    .option('--no-progress', 'no progress bar')
    .addHelpText(
      'after',
      '\nShared with `bench`: --data <path> (required), --out <file.json>, --conversations <ids>, --limit-questions <n>, --embedder <kind>.\n' +
        'Answers and verdicts are cached in <data dir>/bench-qa: run the same command again to resume.\n\nExamples:\n' +
        '  mnemo bench qa --data locomo10.json --model openai:gpt-4o-mini --price-in 0.15 --price-out 0.6\n' +
        '  mnemo bench qa --data longmemeval_s.json --model qwen2.5:7b@http://localhost:11434/v1 --judge openai:gpt-4o',
    )
    .action(async (_opts: QaFlags, cmd: Command) => {
      const o = cmd.optsWithGlobals<QaFlags>();
      const g = globals(cmd);
      const { runQa } = await import('../../bench/qa/run.js');
      const { formatQaReport } = await import('../../bench/qa/report.js');
      const baselines = o.baselines === undefined ? undefined : o.baselines === 'none' ? [] : o.baselines.split(',').map((s) => s.trim()).filter(Boolean);
      const result = await runQa(
        {
          dataPath: o.data ?? '',
          format: o.format,
          model: o.model,
          judge: o.judge,
          extract: o.extract,
          maxContextTokens: num(o.maxContextTokens),
          fullContextLimit: num(o.fullContextLimit),
          recallLimit: num(o.recallLimit),
          baselines: baselines as ('full-context' | 'no-memory')[] | undefined,
          concurrency: num(o.concurrency),
          retries: num(o.retries),
          retryBaseMs: num(o.retryBaseMs),
          timeoutMs: num(o.timeoutMs),
          prices: {
            modelIn: num(o.priceIn),
            modelOut: num(o.priceOut),
            judgeIn: num(o.judgePriceIn ?? o.priceIn),
            judgeOut: num(o.judgePriceOut ?? o.priceOut),
          },
          conversations: o.conversations?.split(',').map((s) => s.trim()).filter(Boolean),
          limitQuestions: o.limitQuestions,
          embedder: o.embedder,
          dataDir: g.dataDir,
          progress: o.progress && !g.json && process.stderr.isTTY === true,
          freshContext: o.freshContext === true,
        },
        { env: process.env },
      );
      if (o.out) await writeFile(o.out, JSON.stringify(result, null, 2) + '\n');
      if (g.json) return println(JSON.stringify({ ...result, records: undefined }, null, 2));
      process.stdout.write(formatQaReport(result));
    });
}
