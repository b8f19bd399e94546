import type { RecallChannel } from '../api.js';
import type { TimeRange } from './analyzer.js';
import { type Candidate, type ChannelResult, candidateKey, candidateTime } from './candidate.js';

export type ChannelWeights = Record<RecallChannel, number>;

/** Key lookup heaviest, raw messages lightest (DESIGN.md §3); configurable per profile. */
export const DEFAULT_WEIGHTS: ChannelWeights = {
  topic_key: 1.5,
  fulltext: 1.0,
  vector: 0.9,
  hyde: 0.6,
  messages: 0.8,
};

export interface FuseOptions {
  weights: ChannelWeights;
  /** RRF constant: larger flattens the rank curve. */
  k: number;
  timeRange: TimeRange | null;
  /** Multiplier for candidates whose time falls inside the query's time range. */
  timeBoost: number;
}

/** Weighted Reciprocal Rank Fusion, boosted by the query's time range, ties broken by recency. */
export function fuse(results: ChannelResult[], opts: FuseOptions): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const { channel, hits } of results) {
    const w = opts.weights[channel] ?? 0;
    if (w <= 0) continue;
    hits.forEach((hit, i) => {
      const key = candidateKey(hit.kind, hit.id);
      let c = byKey.get(key);
      if (!c) {
        c = { kind: hit.kind, id: hit.id, hits: [], score: 0 };
        byKey.set(key, c);
      }
      if (hit.kind === 'memory' && hit.memory) c.memory = hit.memory;
      if (hit.kind === 'message' && hit.message) c.message = hit.message;
      if (c.hits.some((h) => h.channel === channel)) return;
      c.hits.push({ channel, rank: i + 1, score: hit.score });
      c.score += w / (opts.k + i + 1);
    });
  }
  const out = [...byKey.values()];
  if (opts.timeRange) for (const c of out) if (inRange(candidateTime(c), opts.timeRange)) c.score *= opts.timeBoost;
  return out.sort((a, b) => b.score - a.score || (candidateTime(b) ?? '').localeCompare(candidateTime(a) ?? ''));
}

/** The best fused score any candidate could reach with these channels (found first by all). */
export function maxFusedScore(channels: RecallChannel[], opts: Pick<FuseOptions, 'weights' | 'k'>): number {
  return channels.reduce((sum, ch) => sum + (opts.weights[ch] ?? 0) / (opts.k + 1), 0);
}

function inRange(time: string | null, range: TimeRange): boolean {
  return time !== null && time >= range.start && time < range.end;
}
