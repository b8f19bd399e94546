import type { ChannelResult } from './candidate.js';
import type { ChannelInputs } from './channels.js';
import { feedbackTerms, rarityOf } from './feedback-terms.js';
import { normalizeInPlace } from '../models/embedders/vector-math.js';

/** Pseudo-relevance feedback: which first-pass turns feed the second search, and how. */
export interface FeedbackSettings {
  /** How many of the best full-text message hits are read (a few: feedback; all: co-occurrence). */
  docs: number;
  /** Expansion words searched over messages (0: none). */
  terms: number;
  /** Share of the feedback turns' mean vector added to the query vector (0: no vector feedback). */
  vectorShare: number;
}

/** The feedback to run for these weights: only the searches that count (none when both are 0). */
export function feedbackSettings(fb: FeedbackSettings, termsWeight: number, vectorWeight: number): FeedbackSettings | undefined {
  if (termsWeight <= 0 && vectorWeight <= 0) return undefined;
  return { ...fb, terms: termsWeight > 0 ? fb.terms : 0, vectorShare: vectorWeight > 0 ? fb.vectorShare : 0 };
}

/**
 * Second-pass searches built from the first pass's message hits: their shared, rarer words
 * searched as terms (source `message_feedback`) and the query vector moved towards them
 * (Rocchio; source `message_feedback_vector`). Nothing when the first pass found under two turns.
 */
export async function feedbackChannels(inp: ChannelInputs, first: readonly ChannelResult[], fb: FeedbackSettings): Promise<ChannelResult[]> {
  const direct = first.find((r) => r.channel === 'messages' && !r.source);
  const texts = (direct?.hits ?? []).slice(0, fb.docs).flatMap((h) => (h.kind === 'message' && h.message ? [h.message.content] : []));
  if (texts.length < 2) return [];
  const { store, analysis, embedder, sessionId, depth } = inp;
  const sessionIds = sessionId ? [sessionId] : undefined;
  const terms = fb.terms > 0 ? feedbackTerms(texts, analysis.terms, fb.terms, rarityOf(embedder)) : [];
  const byTerms = async (): Promise<ChannelResult[]> => {
    if (terms.length === 0) return [];
    const hits = await store.searchMessages({ terms }, { limit: depth, sessionIds });
    return [{ channel: 'messages', source: 'message_feedback', hits: hits.map((h) => ({ kind: 'message', id: h.item.id, score: h.score, message: h.item })) }];
  };
  const byVector = async (): Promise<ChannelResult[]> => {
    if (!embedder || fb.vectorShare <= 0) return [];
    const [query, ...docs] = await embedder.embed([analysis.terms.join(' '), ...texts.slice(0, 5)]);
    const moved = Float32Array.from(query!);
    for (const v of docs) for (let i = 0; i < moved.length; i++) moved[i] += (fb.vectorShare * v[i]) / docs.length;
    if (!normalizeInPlace(moved)) return [];
    const hits = await store.searchVectors(moved, { kind: 'message', limit: depth, sessionId });
    return [{ channel: 'vector', source: 'message_feedback_vector', hits: hits.map((h) => ({ kind: 'message', id: h.item.id, score: h.score })) }];
  };
  const [a, b] = await Promise.all([byTerms(), byVector()]);
  return [...a, ...b];
}
