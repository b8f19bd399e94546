/**
 * Cold `mnemo recall` on a profile kept by the perf bench (`bench/perf.ts --keep DIR`), without
 * rebuilding it: the bundled binary and, alternating with it, tsc's unbundled entry as baseline
 * (or `--baseline`, another build's CLI entry, e.g. an older tree's dist/cli/main.js).
 *   npm run build && npx tsx bench/cli-cold.ts --keep DIR [--size 100k] [--runs 5] [--seed 42] [--baseline FILE]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ColdRun, measureCliRecall } from '../src/bench/perf/cli-cold.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { PERF_PROFILE, sizeDir } from '../src/bench/perf/run-size.js';
import { parseSizes } from '../src/bench/perf/sizes.js';

const { values } = parseArgs({
  options: {
    keep: { type: 'string' },
    size: { type: 'string', default: '100k' },
    runs: { type: 'string', default: '5' },
    seed: { type: 'string', default: '42' },
    baseline: { type: 'string' },
  },
});
function fail(message: string): never {
  process.stderr.write(`cli-cold: ${message}\n`);
  process.exit(2);
}
if (!values.keep) fail('--keep DIR is required: the directory a `bench/perf.ts --keep DIR` run built');
const [size] = parseSizes(values.size!);
if (!existsSync(sizeDir(values.keep, size))) fail(`${sizeDir(values.keep, size)} does not exist: build it with \`npx tsx bench/perf.ts --sizes ${values.size} --keep ${values.keep} --no-results\``);
const query = recallQuestions(Number(values.seed), size, 1)[0].query;
const baseline = values.baseline ? path.resolve(values.baseline) : undefined;
if (baseline && !existsSync(baseline)) fail(`--baseline ${baseline} does not exist`);
const result = await measureCliRecall(sizeDir(values.keep, size), PERF_PROFILE, query, undefined, Number(values.runs), baseline);
if (!result) fail('the CLI is not built: run `npm run build`');
const mb = (b: number | null | undefined) => (b == null ? '–' : `${(b / 2 ** 20).toFixed(0)} MB`);
const line = (r: ColdRun) => `wall ${r.wallMs.toFixed(0)} ms, CPU ${r.cpuMs?.toFixed(0) ?? '–'} ms, peak RSS ${mb(r.peakRssBytes)}`;
process.stdout.write(`query: ${query}\nload average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
process.stdout.write(`bundled   (dist/bin/mnemo.js): ${line(result)} (medians of ${result.runs})\n`);
if (result.unbundled) process.stdout.write(`baseline (${baseline ?? 'dist/cli/main.js'}): ${line(result.unbundled)}\n`);
