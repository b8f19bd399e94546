import type { ChannelResult, ChannelSource } from './candidate.js';

const VECTOR_SOURCES: ReadonlySet<ChannelSource> = new Set(['vector', 'hyde', 'message_vector', 'message_feedback_vector']);

/**
 * Per-query 0..1 scores for one channel's hits, so channels of different strength can be added:
 * BM25 relative to the channel's best; cosine rescaled between the list's tail and its best (a
 * weak word-vector channel's first place then counts for what it is worth, not as a rank 1);
 * topic keys by rank.
 */
export function normalizedScores(result: ChannelResult): number[] {
  const { hits } = result;
  if (hits.length === 0) return [];
  const source = result.source ?? result.channel;
  if (source === 'topic_key') return hits.map((_, i) => 1 / (i + 1));
  const max = Math.max(...hits.map((h) => h.score));
  if (VECTOR_SOURCES.has(source)) {
    const floor = hits.length >= 10 ? Math.min(...hits.map((h) => h.score)) : 0;
    const span = max - floor;
    return hits.map((h) => (span > 1e-9 ? Math.max(0, (h.score - floor) / span) : 1));
  }
  return hits.map((h) => (max > 0 ? Math.max(0, h.score) / max : 0));
}
