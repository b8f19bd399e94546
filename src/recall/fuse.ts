import type { RecallChannel } from '../api.js';
import type { TimeRange } from './analyzer.js';
import { type Candidate, type ChannelResult, type FeedbackSource, candidateTime } from './candidate.js';
import { normalizedScores } from './normalize.js';
import { compareTimes } from './time-order.js';

export type ChannelWeights = Record<RecallChannel, number>;

/**
 * Raw messages are the evidence, so their full-text channel weighs most; extracted memories add
 * precision through key lookup and their own full text; word-vector channels are weak signals.
 * Configurable per profile.
 */
export const DEFAULT_WEIGHTS: ChannelWeights = {
  topic_key: 0.5,
  fulltext: 0.6,
  vector: 0.25,
  hyde: 0.25,
  messages: 1.0,
};

export interface FuseOptions {
  weights: ChannelWeights;
  /** `score`: weighted sum of normalized scores; `rrf`: weighted reciprocal rank fusion. */
  mode: 'score' | 'rrf';
  /** Weights of sources that report under another channel's name. */
  extraWeights: { message_vector: number; message_expansion: number; memory_expansion?: number; entity_mention?: number } & Partial<Record<FeedbackSource, number>>;
  /** RRF constant: larger flattens the rank curve. */
  k: number;
  timeRange: TimeRange | null;
  /** Multiplier for candidates whose time falls inside the query's time range. */
  timeBoost: number;
}

/** Fuses channel hits into candidates scored by their own channels, boosted by the time range. */
export function fuse(results: ChannelResult[], opts: FuseOptions): Candidate[] {
  // Per kind by id, and in order of first sight (ties keep it through the stable sort).
  const byId = { memory: new Map<string, Candidate>(), message: new Map<string, Candidate>() };
  const out: Candidate[] = [];
  for (const result of results) {
    const w = weightOf(result, opts);
    if (w <= 0) continue;
    const norm = opts.mode === 'score' ? normalizedScores(result) : [];
    const hits = result.hits;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      const seenOfKind = byId[hit.kind];
      let c = seenOfKind.get(hit.id);
      if (!c) {
        c = { kind: hit.kind, id: hit.id, hits: [], score: 0, own: 0 };
        seenOfKind.set(hit.id, c);
        out.push(c);
      }
      if (hit.kind === 'memory' && hit.memory) c.memory = hit.memory;
      if (hit.kind === 'message' && hit.message) c.message = hit.message;
      c.own += opts.mode === 'score' ? w * norm[i]! : w / (opts.k + i + 1);
      if (!c.hits.some((h) => h.channel === result.channel)) c.hits.push({ channel: result.channel, rank: i + 1, score: hit.score });
    }
  }
  for (const c of out) {
    if (opts.timeRange && inRange(candidateTime(c), opts.timeRange)) c.own *= opts.timeBoost;
    c.score = c.own;
  }
  return sortCandidates(out);
}

export function sortCandidates(list: Candidate[]): Candidate[] {
  return list.sort((a, b) => b.score - a.score || compareTimes(candidateTime(b) ?? '', candidateTime(a) ?? ''));
}

function weightOf(result: ChannelResult, opts: FuseOptions): number {
  const source = result.source ?? result.channel;
  if (source === 'message_vector' || source === 'message_expansion') return opts.extraWeights[source];
  if (source === 'memory_expansion') return opts.extraWeights.memory_expansion ?? 0;
  if (source === 'entity_mention') return opts.extraWeights.entity_mention ?? 0;
  if (source === 'message_feedback' || source === 'message_feedback_vector') return opts.extraWeights[source] ?? 0;
  return opts.weights[source] ?? 0;
}

/** The best fused score any candidate could reach with these channels (found first by all). */
export function maxFusedScore(results: ChannelResult[], opts: FuseOptions): number {
  return results.filter((r) => r.hits.length > 0).reduce((sum, r) => sum + weightOf(r, opts) * (opts.mode === 'score' ? 1 : 1 / (opts.k + 1)), 0);
}

function inRange(time: string | null, range: TimeRange): boolean {
  return time !== null && time >= range.start && time < range.end;
}
