/** Per-metric deltas (B − A) between two result files of the same benchmark. */
import { readFileSync } from 'node:fs';
import { fixed, signed, table } from './markdown.js';
import type { BenchResult, SystemResult } from './result.js';

export interface MetricDelta {
  system: string;
  metric: string;
  a?: number;
  b?: number;
  /** b − a, when both exist. */
  delta?: number;
}

export interface Comparison {
  benchmark: string;
  /** Set when the runs differ in data, questions or conversations, making deltas suspect. */
  warnings: string[];
  deltas: MetricDelta[];
}

function metrics(s: SystemResult, ks: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of ks) out.set(`R@${k}`, s.recall.overall[String(k)]);
  for (const [category, byK] of Object.entries(s.recall.byCategory)) {
    for (const k of ks) out.set(`R@${k} ${category}`, byK[String(k)]);
  }
  out.set('recall p50 ms', s.latency.p50);
  out.set('recall p95 ms', s.latency.p95);
  out.set('recall p99 ms', s.latency.p99);
  out.set('ingest s', s.ingestMs / 1000);
  if (s.f1) out.set('token F1', s.f1.overall);
  if (s.abstention) out.set('abstention accuracy', s.abstention.accuracy);
  if (s.abstention) out.set('false abstention %', s.abstention.falseAbstentionRate);
  if (s.knowledgeUpdate) out.set('updated ranks above original %', s.knowledgeUpdate.rate);
  return out;
}

function warningsFor(a: BenchResult, b: BenchResult): string[] {
  const warnings: string[] = [];
  if (a.benchmark !== b.benchmark) warnings.push(`different benchmarks: ${a.benchmark} vs ${b.benchmark}`);
  if (a.scoredQuestions !== b.scoredQuestions) warnings.push(`different question counts: ${a.scoredQuestions} vs ${b.scoredQuestions}`);
  if (a.conversations.join() !== b.conversations.join()) warnings.push('different conversations');
  return warnings;
}

export function compareResults(a: BenchResult, b: BenchResult): Comparison {
  const ks = a.ks.filter((k) => b.ks.includes(k));
  const names = [...new Set([...a.systems, ...b.systems].map((s) => s.name))];
  const deltas: MetricDelta[] = [];
  for (const system of names) {
    const ma = a.systems.find((s) => s.name === system);
    const mb = b.systems.find((s) => s.name === system);
    const va = ma ? metrics(ma, ks) : new Map<string, number>();
    const vb = mb ? metrics(mb, ks) : new Map<string, number>();
    for (const metric of new Set([...va.keys(), ...vb.keys()])) {
      const [x, y] = [va.get(metric), vb.get(metric)];
      deltas.push({ system, metric, a: x, b: y, delta: x !== undefined && y !== undefined ? y - x : undefined });
    }
  }
  return { benchmark: b.benchmark, warnings: warningsFor(a, b), deltas };
}

export function formatComparison(cmp: Comparison, labels: [string, string] = ['A', 'B']): string {
  const parts = [`## ${cmp.benchmark}: ${labels[1]} − ${labels[0]}`, ...cmp.warnings.map((w) => `> warning: ${w}`)];
  for (const system of new Set(cmp.deltas.map((d) => d.system))) {
    const rows = cmp.deltas
      .filter((d) => d.system === system)
      .map((d) => [d.metric, fixed(d.a), fixed(d.b), d.delta === undefined ? '–' : signed(d.delta)]);
    parts.push(`### ${system}`, table(['metric', labels[0], labels[1], 'Δ'], rows));
  }
  return parts.join('\n\n') + '\n';
}

export function readResult(path: string): BenchResult {
  return JSON.parse(readFileSync(path, 'utf8')) as BenchResult;
}
