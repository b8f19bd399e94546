/**
 * Arguments of the benches that time a command on a profile kept by `bench/perf.ts --keep DIR`
 * (`bench/cli-cold.ts`, `bench/mcp-cold.ts`): a bad or missing one is a one-line message, exit 2.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchArgs } from '../bench-args.js';
import { sizeDir } from './run-size.js';

export interface KeptProfileArgs {
  size: number;
  /** The kept profile's data directory for that size. */
  dataDir: string;
  runs: number;
  seed: number;
  /** Another build's entry to alternate with (a CLI entry, or a tree's library entry: see the bench), resolved. */
  baseline?: string;
  fail: (message: string) => never;
}

export function keptProfileArgs(bench: string, argv: string[] = process.argv.slice(2), defaultRuns = 5): KeptProfileArgs {
  const usage = `npx tsx ${bench}.ts --keep DIR [--size 100k] [--runs ${defaultRuns}] [--seed 42] [--baseline FILE]`;
  const args = benchArgs(bench, usage, {
    keep: { type: 'string' },
    size: { type: 'string', default: '100k' },
    runs: { type: 'string', default: String(defaultRuns) },
    seed: { type: 'string', default: '42' },
    baseline: { type: 'string' },
  }, argv);
  const { values, fail } = args;
  if (!values.keep) fail('--keep DIR is required: the directory a `bench/perf.ts --keep DIR` run built');
  const [size] = args.sizes('size');
  const dataDir = sizeDir(values.keep!, size);
  if (!existsSync(dataDir)) fail(`${dataDir} does not exist: build it with \`npx tsx bench/perf.ts --sizes ${values.size} --keep ${values.keep} --no-results\``);
  const baseline = values.baseline ? path.resolve(values.baseline) : undefined;
  if (baseline && !existsSync(baseline)) fail(`--baseline ${baseline} does not exist`);
  return { size, dataDir, runs: args.whole('runs', 1), seed: args.whole('seed', -Infinity), baseline, fail };
}
