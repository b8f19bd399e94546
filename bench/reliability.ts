/**
 * `npm run bench:reliability`: the reliability and security campaign, seeded, with figures per
 * part. Parts: fuzz, faults, soak, secrets, isolation (all by default; `--parts fuzz,secrets`).
 * `--quick` runs a small version of each (minutes instead of the ~20 the full run takes).
 *   --seed N (default 20)   --soak-seconds N (default 600)   --soak-memories N (default 10000)
 *   --soak-gc-samples off (only the raw RSS samples: no pauses for GC samples)   --soak-probe FILE (per-thread heap figures per GC)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzCli, prepareCliCampaign } from './reliability/lib/cli-fuzz.js';
import { diskFull } from './reliability/lib/disk-full.js';
import { fuzzHttp, fuzzHttpExtremes, type FuzzTally } from './reliability/lib/http-fuzz.js';
import { fuzzImports } from './reliability/lib/import-fuzz.js';
import { corruptionTrials } from './reliability/lib/index-corruption.js';
import { cliPath } from './reliability/lib/dist.js';
import { seedKeep, snapshot } from './reliability/lib/keep-profile.js';
import { killSoak } from './reliability/lib/kill-soak.js';
import { fuzzMcpTools, fuzzMcpWire } from './reliability/lib/mcp-fuzz.js';
import { pgRestart } from './reliability/lib/pg-restart.js';
import { soak } from './reliability/lib/soak.js';
import { scoreSecrets } from './reliability/secrets-score.js';
import { startFixture } from '../test/support/http-fixture.js';
import { benchArgs } from '../src/bench/bench-args.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PARTS = ['fuzz', 'faults', 'soak', 'secrets', 'isolation'] as const;
const cli = benchArgs('bench/reliability', `npx tsx bench/reliability.ts [--quick] [--parts ${PARTS.join(',')}] [--seed 20]
  [--soak-seconds 600] [--soak-memories 10000] [--soak-gc-samples on|off] [--soak-probe FILE]`, {
  quick: { type: 'boolean', default: false },
  parts: { type: 'string', default: PARTS.join(',') },
  seed: { type: 'string', default: '20' },
  'soak-seconds': { type: 'string' },
  'soak-memories': { type: 'string' },
  'soak-gc-samples': { type: 'string', default: 'on' },
  'soak-probe': { type: 'string' },
});
const args = process.argv.slice(2);
const quick = cli.values.quick!;
const seed = cli.whole('seed');
const parts = new Set(cli.choices('parts', PARTS));
const soakSeconds = cli.values['soak-seconds'] === undefined ? (quick ? 60 : 600) : cli.whole('soak-seconds', 1);
const soakMemories = cli.values['soak-memories'] === undefined ? (quick ? 1000 : 10000) : cli.whole('soak-memories', 1);
const soakGcSamples = cli.choice('soak-gc-samples', ['on', 'off'] as const) === 'on';
const rows: [string, string, string, string][] = [];
const row = (test: string, cases: number | string, failures: number | string, note = '') => {
  rows.push([test, String(cases), String(failures), note]);
  console.log(`  ${test}: ${cases} cases, ${failures} failures${note ? ` (${note})` : ''}`);
};
const scratch = mkdtempSync(path.join(tmpdir(), 'mnemo-reliability-'));
const n = (full: number, small: number) => (quick ? small : full);
const firstProblems = (t: FuzzTally) => [...new Set(t.failures.map((f) => f.problem.slice(0, 120)))].slice(0, 3).join(' | ');

async function fuzz(): Promise<void> {
  console.log('\n## 1. Fuzzing (fast-check, seed %d)', seed);
  const f = await startFixture({ logger: false });
  try {
    const before = await seedKeep(f.mnemo);
    const http = await fuzzHttp(f.url, { runs: n(6_000, 600), seed, protect: 'keep' });
    const extremes = await fuzzHttpExtremes(f.url);
    row('HTTP routes', http.cases + extremes.cases, http.failures.length + extremes.failures.length, `statuses ${JSON.stringify({ ...http.statuses, ...Object.fromEntries(Object.entries(extremes.statuses).map(([k, v]) => [`${k}*`, v])) })} ${firstProblems(http)}`);
    const tools = await fuzzMcpTools(f.url, { runs: n(1_500, 150), seed, profile: 'fz' });
    row('MCP tools (Streamable HTTP client)', tools.cases, tools.failures.length, `${JSON.stringify(tools.statuses)} ${firstProblems(tools)}`);
    const wire = await fuzzMcpWire(f.url, { runs: n(1_000, 100), seed, profile: 'fz' });
    row('MCP raw JSON-RPC', wire.cases, wire.failures.length, `${JSON.stringify(wire.statuses)} ${firstProblems(wire)}`);
    const imports = await fuzzImports(f.mnemo, { runs: n(1_500, 150), seed, validDoc: (await f.mnemo.profile('keep').export()) as unknown as Record<string, unknown>, scratchDir: scratch });
    row('imports (JSON, Markdown, OpenClaw)', imports.cases, imports.failures.length, `${JSON.stringify(imports.statuses)} ${firstProblems(imports)}`);
    const cli = await fuzzCli(cliPath(), prepareCliCampaign(path.join(scratch, 'cli')), { runs: n(300, 20), seed, concurrency: 2 });
    row('CLI arguments (real binary)', cli.cases, cli.failures.length, `exit codes ${JSON.stringify(cli.statuses)} ${firstProblems(cli)}`);
    const health = (await f.call('GET', '/healthz')).status;
    const intact = (await snapshot(f.mnemo)) === before;
    const total = http.cases + extremes.cases + tools.cases + wire.cases + imports.cases + cli.cases;
    row('fuzzing total', total, [http, extremes, tools, wire, imports, cli].reduce((s, t) => s + t.failures.length, 0), `server answering after: ${health === 200}, data written before intact: ${intact}`);
  } finally {
    await f.close();
  }
}

async function faults(): Promise<void> {
  console.log('\n## 2. Faults');
  const k = await killSoak(path.join(scratch, 'kill'), { kills: n(60, 8), seed, pace: 2 });
  row('SIGKILL soak', `${k.kills} kills ${JSON.stringify(k.killedAt)}`, k.lost.length + k.duplicated.length + k.integrityFailures + (k.exportFileBroken ? 1 : 0) + k.jobsLeft.pending + k.jobsLeft.running + k.jobsLeft.failed,
    `acknowledged ${JSON.stringify(k.acknowledged)}; lost ${k.lost.length}, duplicated ${k.duplicated.length}, integrity failures ${k.integrityFailures}, export file broken ${k.exportFileBroken}, jobs left ${JSON.stringify(k.jobsLeft)} (drained in ${k.drainMs} ms), recall works ${k.recallWorks}`);
  const d = diskFull(path.join(scratch, 'disk'));
  const dFailures = (d.failure?.code === 'unavailable' ? 0 : 1) + d.missingAfter + (d.integrity === 'ok' ? 0 : 1) + (d.partialExport ? 1 : 0) + d.leftovers.length + (d.recovered ? 0 : 1);
  row(`disk full (${d.mode})`, d.acknowledged + 1, dFailures, `writes acknowledged before full ${d.acknowledged}; error "${d.failure?.code}: ${d.failure?.message}" (${d.failure?.raw}); export "${d.exportFailure?.code ?? 'fit'}"; lost ${d.missingAfter}; integrity ${d.integrity}; recovered ${d.recovered}`);
  const c = await corruptionTrials(path.join(scratch, 'hnsw'), { trials: n(20, 4), seed });
  row('corrupted HNSW files', c.trials, c.trials * 4 - c.detected - c.logged - c.searchedMeanwhile - c.rebuiltAndLoaded, `detected ${c.detected}, logged ${c.logged}, search served meanwhile ${c.searchedMeanwhile}, rebuilt and loaded ${c.rebuiltAndLoaded}`);
  const pg = await pgRestart({ connections: 8, downMs: 2000, afterMs: 4000 });
  if (pg.skipped) row('PostgreSQL restart under load', 0, 0, `skipped: ${pg.skipped}`);
  else row('PostgreSQL restart under load', pg.requests, pg.unclear.length + pg.lost + pg.duplicated + (pg.resumedAfterMs === null ? 1 : 0), `by phase ${JSON.stringify(pg.byPhase)}; resumed ${pg.resumedAfterMs} ms after restart; acknowledged ${pg.acknowledged}, lost ${pg.lost}`);
}

async function soakPart(): Promise<void> {
  const seconds = soakSeconds;
  const memories = soakMemories;
  console.log(`\n## 3. Soak (64 connections, ${seconds} s, ${memories} memories)`);
  const s = await soak(path.join(scratch, 'soak'), { memories, connections: 64, seconds, warmupSeconds: quick ? 10 : 60, windowSeconds: quick ? 10 : 60, seed, gcSamples: soakGcSamples, probeFile: cli.values['soak-probe'] === undefined ? undefined : path.resolve(cli.values['soak-probe']) });
  const list = (series: typeof s.series) => series.map((x) => `${x.s}s ${x.rssMb} MB ${x.memories}m/${x.messages}msg`).join(', ');
  console.log(`  raw RSS and rows every 15 s of load: ${list(s.series)}`);
  if (s.afterGc) {
    console.log(`  RSS after a full GC in every thread: ${list(s.afterGc.series)}`);
    const parts = (p: (typeof s.series)[number]) => (p.parts ? `anonymous ${p.parts.anonMb} MB, HNSW graph pages ${p.parts.graphMb} MB (of deleted files ${p.parts.deletedGraphMb} MB), other file pages ${p.parts.otherFileMb} MB` : 'not readable');
    const gc = s.afterGc.series;
    const peak = gc.reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
    console.log(`  of which, after warm-up: ${parts(gc[0]!)}; at the peak (${peak.s} s): ${parts(peak)}; at the end: ${parts(gc[gc.length - 1]!)}`);
  }
  row('soak', s.requests, s.errors + s.lostRemembers, `${s.activeAtStart} active memories at start; p99 per ${quick ? '10 s' : 'minute'} ${JSON.stringify(s.p99ByWindow)} ms (last/first ${s.p99FirstToLast.toFixed(2)}×); RSS ${s.rssAfterWarmupMb} MB after warm-up, peak ${s.rssPeakMb} MB (+${(s.rssGrowth * 100).toFixed(1)} %), end ${s.rssEndMb} MB; raw RSS peak per ${quick ? '10 s' : 'minute'} ${JSON.stringify(s.rssPeakByWindow)} MB (last/first ${s.rssPeakFirstToLast.toFixed(2)}×)${s.afterGc ? `; RSS after a full GC in every thread: ${s.afterGc.firstMb} MB after warm-up, peak ${s.afterGc.peakMb} MB (+${(s.afterGc.growth * 100).toFixed(1)} %), end ${s.afterGc.endMb} MB, ${s.afterGc.bytesPerRow} bytes per row added (${s.afterGc.rowsAdded} rows)` : ''}; rows added after warm-up: ${s.addedAfterWarmup.memories} memories, ${s.addedAfterWarmup.messages} messages; lost remembers ${s.lostRemembers}; rows: jobs ${s.jobRows}, audit ${s.auditRows}${s.errorSamples.length ? `; errors: ${s.errorSamples.join(' | ')}` : ''}`);
}

function secrets(): void {
  console.log('\n## 4. Secrets');
  for (const [label, s] of [['corpus (seed 20)', scoreSecrets(20, 5, 1000)], [`held-out (seed ${seed + 1000})`, scoreSecrets(seed + 1000, 10, 3000)]] as const) {
    row(`secrets redacted, ${label}`, `${s.samples} in ${s.formats} formats`, s.samples - s.redacted, `${((100 * s.redacted) / s.samples).toFixed(2)} % redacted`);
    row(`false positives, ${label}`, s.sentences, s.falsePositives.length, `${((100 * s.falsePositives.length) / s.sentences).toFixed(2)} % of ordinary sentences changed`);
  }
}

function vitestPart(title: string, file: string): void {
  console.log(`\n## ${title}`);
  const r = spawnSync('npx', ['vitest', 'run', file, '--reporter=json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    const j = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { numTotalTests: number; numFailedTests: number };
    row(`${title} (${file})`, j.numTotalTests, j.numFailedTests);
  } catch {
    row(`${title} (${file})`, '?', 'could not run', r.stderr.slice(-300));
  }
}

// The CLI, the kill soak and the soak run a private build, so other work rebuilding dist/ cannot break a run midway.
process.env.MNEMO_RELIABILITY_DIST ??= path.join(ROOT, 'node_modules', '.cache', 'mnemo-reliability', 'dist');
spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', process.env.MNEMO_RELIABILITY_DIST], { cwd: ROOT, stdio: 'ignore' });
try {
  if (parts.has('fuzz')) await fuzz();
  if (parts.has('faults')) await faults();
  if (parts.has('soak')) await soakPart();
  if (parts.has('secrets')) {
    secrets();
    vitestPart('Secrets everywhere they could land', 'test/reliability-secrets.test.ts');
  }
  if (parts.has('isolation')) vitestPart('5. Isolation (adversarial REST, MCP, recall threads, /ui, read-scope keys)', 'test/reliability-isolation.test.ts');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n| test | cases tried | failures | notes |\n| --- | --- | --- | --- |\n${rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '/')).join(' | ')} |`).join('\n')}`);
console.log(`\ncommand: npm run bench:reliability -- ${args.join(' ')}`);
