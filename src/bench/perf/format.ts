/** Markdown report: one table with a column per profile size, plus stages, vectors and targets. */
import { fixed, ratio, table } from '../markdown.js';
import type { LatencySummary } from './latency.js';
import type { IngestMeasurement } from './measure-ingest.js';
import type { PerfResult, SizeResult } from './types.js';

type Row = [string, (s: SizeResult) => string];

const mb = (bytes: number | null | undefined): string => (bytes == null ? '–' : (bytes / 1e6).toFixed(1));
const n = (x: number): string => Math.round(x).toLocaleString('en');
const ackRow = (m: IngestMeasurement): string => (m.acknowledged ? `${n(m.acknowledged.ackPerSecond)} / ${n(m.acknowledged.searchablePerSecond)}` : '–');
const lat = (l: LatencySummary | undefined, digits = 1): string => (l ? `${fixed(l.p50, digits)} / ${fixed(l.p95, digits)} / ${fixed(l.p99, digits)}` : '–');

export function sizeLabel(size: number): string {
  if (size >= 1e6 && size % 1e6 === 0) return `${size / 1e6}M`;
  if (size >= 1e3 && size % 1e3 === 0) return `${size / 1e3}K`;
  return String(size);
}

const PROFILE_ROWS: Row[] = [
  ['memories written / active after supersession', (s) => `${n(s.build.memories)} / ${n(s.activeMemories)}`],
  ['messages / memory vectors / message vectors', (s) => `${n(s.build.messages)} / ${n(s.memoryVectors)} / ${n(s.messageVectors)}`],
  ['build s (total: generate + embed + write rows and vectors)', (s) => {
    const b = s.build.seconds;
    return `${fixed(b.total)} (${fixed(b.generate)} + ${fixed(b.embed)} + ${fixed(b.write)})`;
  }],
  ['build memories/s', (s) => n(s.build.memories / s.build.seconds.total)],
  ['first open after the build (indexes built, HNSW saved) ms', (s) => fixed(s.firstWarmMs, 0)],
  ['warm-up to full-speed recall (text indexes loaded, saved HNSW graphs viewed) ms', (s) => fixed(s.warmMs, 0)],
  ['**recall** ms p50 / p95 / p99 (warm)', (s) => lat(s.recall.recall)],
  ['baseline: FTS5 BM25 `searchMemories` (no in-memory index) ms p50 / p95 / p99', (s) => lat(s.recall.ftsBaseline, 2)],
  ['recall p50 ÷ FTS p50', (s) => ratio(s.recall.recall.p50, s.recall.ftsBaseline.p50)],
  ['first recall in process (cold caches) ms', (s) => fixed(s.recall.firstMs)],
  ['source memory in recall top 10', (s) => `${(s.recall.hitRate * 100).toFixed(0)} %`],
  ['**remember** ms p50 / p95 / p99', (s) => lat(s.remember.remember)],
  ['baseline: `writeMemories([one])` ms p50 / p95 / p99', (s) => lat(s.remember.writeBaseline, 2)],
  ['remember p50 ÷ write p50', (s) => ratio(s.remember.remember.p50, s.remember.writeBaseline.p50)],
  ['**ingest** msg/s (wait, rules, vectors) into this profile', (s) => n(s.ingest.profile.messagesPerSecond)],
  ['baseline: same messages into an empty profile, msg/s', (s) => n(s.ingest.empty.messagesPerSecond)],
  ['ingest time ÷ empty-profile time', (s) => ratio(s.ingest.profile.seconds, s.ingest.empty.seconds)],
  ['ingest without wait: acknowledged / all searchable msg/s, this profile', (s) => ackRow(s.ingest.profile)],
  ['ingest without wait: acknowledged / all searchable msg/s, empty profile', (s) => ackRow(s.ingest.empty)],
  ['disk MB total (db + wal + other)', (s) => `${mb(s.disk.total)} (${mb(s.disk.db)} + ${mb(s.disk.wal)} + ${mb(s.disk.other)})`],
  ['disk bytes per memory', (s) => n(s.disk.total / Math.max(1, s.build.memories))],
  ['bench process peak RSS MB', (s) => mb(s.peakRssBytes)],
  ['cold start: spawn → /healthz ms', (s) => (s.coldStart ? fixed(s.coldStart.healthzMs, 0) : '–')],
  ['cold start: first recall over HTTP ms', (s) => (s.coldStart ? fixed(s.coldStart.firstRecallMs, 0) : '–')],
  ['server peak RSS after first recall MB', (s) => mb(s.coldStart?.serverPeakRssBytes)],
  ['cold CLI `mnemo recall` wall ms (median of 7)', (s) => (s.cliRecall ? fixed(s.cliRecall.wallMs, 0) : '–')],
  ['cold CLI `mnemo recall` peak RSS MB', (s) => mb(s.cliRecall?.peakRssBytes)],
  ['cold CLI CPU ms, bundled / unbundled (steadier than wall on a busy machine)', (s) => `${fixed(s.cliRecall?.cpuMs, 0)} / ${fixed(s.cliRecall?.unbundled?.cpuMs, 0)}`],
  ['baseline: unbundled `dist/cli/main.js recall` wall ms / peak RSS MB', (s) => (s.cliRecall?.unbundled ? `${fixed(s.cliRecall.unbundled.wallMs, 0)} / ${mb(s.cliRecall.unbundled.peakRssBytes)}` : '–')],
];

const VECTOR_ROWS: Row[] = [
  ['vectors (all generated memory vectors)', (s) => (s.vectors ? n(s.vectors.vectors) : '–')],
  ['exact brute force ms p50 / p95 / p99', (s) => lat(s.vectors?.exact, 2)],
  ['HNSW (`store.searchVectors`, active memories) ms p50 / p95 / p99', (s) => lat(s.vectors?.hnsw, 2)],
  ['HNSW recall@10 vs exact', (s) => (s.vectors ? s.vectors.hnswRecallAt10.toFixed(3) : '–')],
  ['HNSW speed-up at p50', (s) => ratio(s.vectors?.exact.p50, s.vectors?.hnsw.p50)],
  ['HNSW build s (memory vectors, first open)', (s) => fixed(s.vectors?.hnswBuildSeconds ?? undefined)],
];

function grid(result: PerfResult, rows: Row[]): string {
  return table(['metric', ...result.sizes.map((s) => sizeLabel(s.size))], rows.map(([name, f]) => [name, ...result.sizes.map(f)]));
}

function stages(result: PerfResult): string {
  const names = [...new Set(result.sizes.flatMap((s) => Object.keys(s.recall.stages)))];
  return table(['recall stage (mean ms)', ...result.sizes.map((s) => sizeLabel(s.size))],
    names.map((name) => [name, ...result.sizes.map((s) => fixed(s.recall.stages[name], 2))]));
}

export function formatPerfReport(result: PerfResult): string {
  const m = result.machine;
  const parts = [
    `## mnemo perf — ${result.sizes.map((s) => sizeLabel(s.size)).join(', ')} memories`,
    `seed ${result.seed}, embedder ${result.embedder}, ${m.cpus} × ${m.cpuModel}, ${(m.memoryBytes / 2 ** 30).toFixed(1)} GiB, Node ${m.node}, ${m.platform}, commit ${m.gitCommit ?? '–'}, load average at end ${m.loadAverage.map((x) => x.toFixed(1)).join(' ')}; total ${result.totalSeconds.toFixed(0)} s`,
    grid(result, PROFILE_ROWS),
    'Recall stages (from `recall().timings`; channels run concurrently, so they overlap):',
    stages(result),
  ];
  if (result.sizes.some((s) => s.vectors)) parts.push('Vector search, k = 10, queries = the recall questions embedded:', grid(result, VECTOR_ROWS));
  if (result.targets.length > 0) {
    parts.push('Targets:', table(['target', 'wanted', 'measured', 'met'], result.targets.map((t) => [t.name, t.target, t.measured, t.met ? 'yes' : '**no**'])));
  }
  for (const s of result.sizes.filter((x) => x.recallCpu)) {
    const cpu = s.recallCpu!;
    parts.push(`Recall CPU profile at ${sizeLabel(s.size)} (${fixed(cpu.totalMs, 0)} ms profiled), self time by file and by function:`,
      table(['file', 'self ms', 'share'], cpu.byFile.map((h) => [h.name, fixed(h.selfMs, 0), `${(h.share * 100).toFixed(1)} %`])),
      table(['function', 'self ms', 'share'], cpu.byFunction.map((h) => [`\`${h.name}\``, fixed(h.selfMs, 0), `${(h.share * 100).toFixed(1)} %`])));
  }
  const warnings = [...new Set(result.sizes.flatMap((s) => s.warnings))];
  if (warnings.length > 0) parts.push(`Warnings: ${warnings.slice(0, 5).join('; ')}`);
  return parts.join('\n\n') + '\n';
}
