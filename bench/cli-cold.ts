/**
 * Cold `mnemo recall` on a profile kept by the perf bench (`bench/perf.ts --keep DIR`), without
 * rebuilding it: the bundled binary and, alternating with it, tsc's unbundled entry as baseline
 * (or `--baseline`, another build's CLI entry, e.g. an older tree's dist/cli/main.js). A recall
 * writes (access counts, a copied graph's verified stamp), so both run on a copy in the system's
 * temporary directory, removed at the end (3.2 GB at 1M); the kept profile is only read.
 *   npm run build && npx tsx bench/cli-cold.ts --keep DIR [--size 100k] [--runs 5] [--seed 42] [--baseline FILE]
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type CliColdRecall, type ColdRun, measureCliRecall } from '../src/bench/perf/cli-cold.js';
import { keptProfileArgs } from '../src/bench/perf/kept-profile-args.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { PERF_PROFILE } from '../src/bench/perf/run-size.js';

const { size, dataDir: kept, runs, seed, baseline, fail } = keptProfileArgs('bench/cli-cold');
const query = recallQuestions(seed, size, 1)[0].query;
const work = mkdtempSync(join(tmpdir(), 'mnemo-cli-cold-'));
const dataDir = join(work, basename(kept));
let measured: CliColdRecall | null = null;
try {
  cpSync(kept, dataDir, { recursive: true });
  measured = await measureCliRecall(dataDir, PERF_PROFILE, query, undefined, runs, baseline);
} finally {
  rmSync(work, { recursive: true, force: true });
}
const result = measured ?? fail('the CLI is not built: run `npm run build`');
const mb = (b: number | null | undefined) => (b == null ? '–' : `${(b / 2 ** 20).toFixed(0)} MB`);
const line = (r: ColdRun) => `wall ${r.wallMs.toFixed(0)} ms, CPU ${r.cpuMs?.toFixed(0) ?? '–'} ms, peak RSS ${mb(r.peakRssBytes)}`;
process.stdout.write(`query: ${query}\nload average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
process.stdout.write(`bundled   (dist/bin/mnemo.cjs): ${line(result)} (medians of ${result.runs})\n`);
if (result.unbundled) process.stdout.write(`baseline (${baseline ?? 'dist/cli/main.js'}): ${line(result.unbundled)}\n`);
// Node reads and parses that CA bundle at every start, before any of mnemo's code runs: on the
// bench's 2-core VM, 70-90 ms of CPU in both figures above that a machine without it never spends.
if (process.env.NODE_EXTRA_CA_CERTS) process.stdout.write(`note: NODE_EXTRA_CA_CERTS is set (${process.env.NODE_EXTRA_CA_CERTS}): both figures include Node parsing it at start\n`);
