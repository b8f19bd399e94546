/**
 * Cold `mnemo serve` on a profile kept by the perf bench (`bench/perf.ts --keep DIR`), as
 * `bench/perf.ts` times it (spawn → /healthz, then the first recall over HTTP), alternating with
 * `--baseline` (another build's CLI entry, e.g. an older tree's dist/bin/mnemo.cjs), on a copy of
 * the kept profile in the system's temporary directory (a server writes: access folds, tiers, stamps).
 *   npm run build && npx tsx bench/server-cold.ts --keep DIR [--size 100k] [--runs 5] [--seed 42] [--baseline FILE]
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundledCli } from '../src/bench/perf/cli-cold.js';
import { type ColdStart, measureColdStart } from '../src/bench/perf/cold-start.js';
import { keptProfileArgs } from '../src/bench/perf/kept-profile-args.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { PERF_PROFILE } from '../src/bench/perf/run-size.js';

const { size, dataDir: kept, runs: runCount, seed, baseline, fail } = keptProfileArgs('bench/server-cold');
if (!existsSync(bundledCli())) fail('the CLI is not built: run `npm run build`');
const query = recallQuestions(seed, size, 1)[0].query;
const work = mkdtempSync(join(tmpdir(), 'mnemo-server-cold-'));
const dataDir = join(work, basename(kept));
const runs: Record<string, ColdStart[]> = { [bundledCli()]: [], ...(baseline ? { [baseline]: [] } : {}) };
try {
  cpSync(kept, dataDir, { recursive: true });
  for (let i = 0; i < runCount; i++) {
    for (const cli of Object.keys(runs)) {
      const run = await measureColdStart(dataDir, PERF_PROFILE, query, 120_000, cli);
      if (run) runs[cli].push(run);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const mb = (b: number | null) => (b == null ? '–' : `${(b / 2 ** 20).toFixed(0)} MB`);
process.stdout.write(`query: ${query}\nload average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
for (const [cli, rs] of Object.entries(runs)) {
  const m = (k: 'healthzMs' | 'firstRecallMs') => median(rs.map((r) => r[k])).toFixed(0);
  const peak = Math.max(...rs.map((r) => r.serverPeakRssBytes ?? 0));
  process.stdout.write(`${cli}: spawn → /healthz ${m('healthzMs')} ms, first recall ${m('firstRecallMs')} ms, peak RSS ${mb(peak || null)} (medians of ${rs.length})\n`);
}
