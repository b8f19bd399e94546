/**
 * Cold `mnemo mcp` on a profile kept by the perf bench (`bench/perf.ts --keep DIR`): time to the
 * handshake's answer and to the first two recalls, medians of runs alternating with `--baseline`
 * (another build's CLI entry, e.g. an older tree's dist/bin/mnemo.js).
 *   npm run build && npx tsx bench/mcp-cold.ts --keep DIR [--size 100k] [--runs 5] [--seed 42] [--baseline FILE]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundledCli } from '../src/bench/perf/cli-cold.js';
import { type McpColdRun, measureMcpCold } from '../src/bench/perf/mcp-cold.js';
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
  process.stderr.write(`mcp-cold: ${message}\n`);
  process.exit(2);
}
if (!values.keep) fail('--keep DIR is required: the directory a `bench/perf.ts --keep DIR` run built');
const [size] = parseSizes(values.size!);
const dataDir = sizeDir(values.keep, size);
if (!existsSync(dataDir)) fail(`${dataDir} does not exist: build it with \`npx tsx bench/perf.ts --sizes ${values.size} --keep ${values.keep} --no-results\``);
if (!existsSync(bundledCli())) fail('the CLI is not built: run `npm run build`');
const baseline = values.baseline ? path.resolve(values.baseline) : undefined;
if (baseline && !existsSync(baseline)) fail(`--baseline ${baseline} does not exist`);
const [a, b] = recallQuestions(Number(values.seed), size, 2).map((q) => q.query);

const runs: Record<string, McpColdRun[]> = { [bundledCli()]: [], ...(baseline ? { [baseline]: [] } : {}) };
for (let i = 0; i < Number(values.runs); i++) {
  for (const cli of Object.keys(runs)) runs[cli].push(await measureMcpCold(cli, dataDir, PERF_PROFILE, [a, b]));
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
process.stdout.write(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
for (const [cli, rs] of Object.entries(runs)) {
  const m = (k: keyof McpColdRun) => median(rs.map((r) => r[k])).toFixed(0);
  process.stdout.write(`${cli}: handshake ${m('handshakeMs')} ms, first recall ${m('firstRecallMs')} ms from spawn, second recall ${m('secondRecallMs')} ms (medians of ${rs.length})\n`);
}
