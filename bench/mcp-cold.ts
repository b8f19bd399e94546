/**
 * Cold `mnemo mcp` on a profile kept by the perf bench (`bench/perf.ts --keep DIR`): time to the
 * handshake's answer and to the first two recalls, medians of runs alternating with `--baseline`
 * (another build's CLI entry, e.g. an older tree's dist/bin/mnemo.js).
 *   npm run build && npx tsx bench/mcp-cold.ts --keep DIR [--size 100k] [--runs 5] [--seed 42] [--baseline FILE]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { bundledCli } from '../src/bench/perf/cli-cold.js';
import { keptProfileArgs } from '../src/bench/perf/kept-profile-args.js';
import { type McpColdRun, measureMcpCold } from '../src/bench/perf/mcp-cold.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { PERF_PROFILE } from '../src/bench/perf/run-size.js';

const { size, dataDir, runs: runCount, seed, baseline, fail } = keptProfileArgs('bench/mcp-cold');
if (!existsSync(bundledCli())) fail('the CLI is not built: run `npm run build`');
const [a, b] = recallQuestions(seed, size, 2).map((q) => q.query);

const runs: Record<string, McpColdRun[]> = { [bundledCli()]: [], ...(baseline ? { [baseline]: [] } : {}) };
for (let i = 0; i < runCount; i++) {
  for (const cli of Object.keys(runs)) runs[cli].push(await measureMcpCold(cli, dataDir, PERF_PROFILE, [a, b]));
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
process.stdout.write(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
for (const [cli, rs] of Object.entries(runs)) {
  const m = (k: keyof McpColdRun) => median(rs.map((r) => r[k])).toFixed(0);
  process.stdout.write(`${cli}: handshake ${m('handshakeMs')} ms, first recall ${m('firstRecallMs')} ms from spawn, second recall ${m('secondRecallMs')} ms (medians of ${rs.length})\n`);
}
