/**
 * Arguments of the benches that time a command on a profile kept by `bench/perf.ts --keep DIR`
 * (`bench/cli-cold.ts`, `bench/mcp-cold.ts`): a bad or missing one is a one-line message, exit 2.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sizeDir } from './run-size.js';
import { parseSizes } from './sizes.js';

export interface KeptProfileArgs {
  size: number;
  /** The kept profile's data directory for that size. */
  dataDir: string;
  runs: number;
  seed: number;
  /** Another build's CLI entry to alternate with, resolved. */
  baseline?: string;
  fail: (message: string) => never;
}

export function keptProfileArgs(bench: string, argv: string[] = process.argv.slice(2)): KeptProfileArgs {
  const fail = (message: string): never => {
    process.stderr.write(`${bench}: ${message}\n`);
    process.exit(2);
  };
  // parseArgs and parseSizes throw on bad input: their message, without a stack trace.
  const orFail = <T>(read: () => T): T => {
    try {
      return read();
    } catch (err) {
      return fail((err as Error).message);
    }
  };
  const { values } = orFail(() => parseArgs({
    args: argv,
    options: {
      keep: { type: 'string' },
      size: { type: 'string', default: '100k' },
      runs: { type: 'string', default: '5' },
      seed: { type: 'string', default: '42' },
      baseline: { type: 'string' },
    },
  }));
  if (!values.keep) fail('--keep DIR is required: the directory a `bench/perf.ts --keep DIR` run built');
  const [size] = orFail(() => parseSizes(values.size!));
  const dataDir = sizeDir(values.keep!, size);
  if (!existsSync(dataDir)) fail(`${dataDir} does not exist: build it with \`npx tsx bench/perf.ts --sizes ${values.size} --keep ${values.keep} --no-results\``);
  const baseline = values.baseline ? path.resolve(values.baseline) : undefined;
  if (baseline && !existsSync(baseline)) fail(`--baseline ${baseline} does not exist`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a whole number of at least 1; got ${values.runs}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail(`--seed must be a whole number; got ${values.seed}`);
  return { size, dataDir, runs, seed, baseline, fail };
}
