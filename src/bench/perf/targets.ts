/** The performance targets, checked against whatever sizes were measured. */
import { sizeLabel } from './format.js';
import type { SizeResult, TargetCheck } from './types.js';

const ms = (x: number): string => `${x.toFixed(2)} ms`;

export function checkTargets(sizes: SizeResult[]): TargetCheck[] {
  const at = (n: number) => sizes.find((s) => s.size === n);
  const out: TargetCheck[] = [];
  const s10 = at(10_000);
  if (s10) {
    out.push({ name: 'recall p50 @10K', target: '≤ 5 ms', measured: ms(s10.recall.recall.p50), met: s10.recall.recall.p50 <= 5 });
    out.push({ name: 'recall p99 @10K', target: '≤ 25 ms', measured: ms(s10.recall.recall.p99), met: s10.recall.recall.p99 <= 25 });
  }
  const s100 = at(100_000);
  if (s100) {
    out.push({ name: 'recall p50 @100K', target: '≤ 20 ms', measured: ms(s100.recall.recall.p50), met: s100.recall.recall.p50 <= 20 });
    out.push({ name: 'warm-up to full-speed recall @100K', target: '≤ 2,000 ms', measured: `${s100.warmMs.toFixed(0)} ms`, met: s100.warmMs <= 2_000 });
    if (s100.vectors) {
      const v = s100.vectors;
      out.push({ name: 'HNSW p50 @100K vectors', target: '≤ 2 ms', measured: ms(v.hnsw.p50), met: v.hnsw.p50 <= 2 });
      out.push({ name: 'HNSW recall@10 @100K', target: '≥ 0.95', measured: v.hnswRecallAt10.toFixed(3), met: v.hnswRecallAt10 >= 0.95 });
    }
  }
  const s1m = at(1_000_000);
  if (s1m) {
    out.push({ name: 'recall p50 @1M', target: '≤ 10 ms', measured: ms(s1m.recall.recall.p50), met: s1m.recall.recall.p50 <= 10 });
    out.push({ name: 'recall p99 @1M', target: '≤ 40 ms', measured: ms(s1m.recall.recall.p99), met: s1m.recall.recall.p99 <= 40 });
  }
  const cold = [[100_000, 300, 150], [1_000_000, 1000, null]] as const;
  for (const [size, wallMs, rssMb] of cold) {
    const cli = at(size)?.cliRecall;
    if (!cli) continue;
    out.push({ name: `cold CLI recall wall @${sizeLabel(size)}`, target: `≤ ${wallMs} ms`, measured: `${cli.wallMs.toFixed(0)} ms`, met: cli.wallMs <= wallMs });
    if (rssMb !== null && cli.peakRssBytes !== null) {
      const peak = cli.peakRssBytes / 2 ** 20;
      out.push({ name: `cold CLI recall peak RSS @${sizeLabel(size)}`, target: `≤ ${rssMb} MB`, measured: `${peak.toFixed(0)} MB`, met: peak <= rssMb });
    }
  }
  for (const s of sizes) {
    const rate = s.ingest.profile.messagesPerSecond;
    out.push({ name: `ingest with vectors @${sizeLabel(s.size)}`, target: '≥ 10,000 msg/s', measured: `${Math.round(rate).toLocaleString('en')} msg/s`, met: rate >= 10_000 });
  }
  return out;
}
