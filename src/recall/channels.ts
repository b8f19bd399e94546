import type { Embedder } from '../models/embedder.js';
import type { Store } from '../store/store.js';
import type { Memory, MemoryType } from '../types.js';
import type { QueryAnalysis } from './analyzer.js';
import type { ChannelResult } from './candidate.js';
import { entityChannel } from './entity-channel.js';
import { feedbackChannels, type FeedbackSettings } from './feedback-channel.js';
import { vectorsBesideGathered } from './gathered-vectors.js';
import { monotonicMs } from '../elapsed.js';

export interface ChannelInputs {
  store: Store;
  analysis: QueryAnalysis;
  embedder: Embedder | null;
  types?: MemoryType[];
  sessionId?: string;
  depth: number;
  includeSuperseded: boolean;
  /** Also search messages by vector and by expanded terms (their weights are non-zero). */
  messageVectors: boolean;
  messageExpansions: boolean;
  /** The question and the entity channel's settings (src/recall/entity-channel.ts); absent: no entity channel. */
  entities?: { query: string; maxShare: number };
  /** Only the memory channels, or only the raw-message ones (the tier gate's passes); both when absent. */
  scope?: 'memories' | 'messages';
  /** Pseudo-relevance feedback searches after the first pass (off when absent). */
  feedback?: FeedbackSettings;
}

/** Runs the channels concurrently; a channel with nothing to search returns no hits. */
export async function runChannels(inp: ChannelInputs): Promise<{ results: ChannelResult[]; timings: Record<string, number> }> {
  const timings: Record<string, number> = {};
  const timed = async (name: string, fn: () => Promise<ChannelResult[]>): Promise<ChannelResult[]> => {
    const t0 = monotonicMs();
    try {
      return await fn();
    } finally {
      timings[name] = monotonicMs() - t0;
    }
  };
  // Without derived memories (consolidation's) their searches apart are skipped: nothing to find.
  const derived = inp.scope !== 'messages' && (await inp.store.hasDerivedMemories());
  const batches = await Promise.all([
    timed('fulltext', () => (inp.scope === 'messages' ? none() : fullText(inp, derived))),
    timed('topic_key', () => (inp.scope === 'messages' ? none() : topicKeys(inp))),
    timed('messages', () => (inp.scope === 'memories' ? none() : messages(inp))),
    timed('vectors', () => vectors(inp, derived)),
    timed('entities', () => (inp.entities ? entityChannel({ store: inp.store, ...inp.entities, depth: inp.depth, scope: inp.scope }) : none())),
  ]);
  const results = batches.flat();
  if (inp.feedback && inp.scope !== 'memories') results.push(...(await timed('feedback', () => feedbackChannels(inp, results, inp.feedback!))));
  return { results, timings };
}

const none = async (): Promise<ChannelResult[]> => [];

async function fullText(inp: ChannelInputs, derived: boolean): Promise<ChannelResult[]> {
  const { store, analysis, types, sessionId, depth, includeSuperseded } = inp;
  const statuses = includeSuperseded || analysis.wantsHistory ? (['active', 'superseded'] as const) : undefined;
  // Derived memories (consolidation's) are searched on their own: they take no place among the
  // `depth` best of the others, which thus stay what they would be without consolidation.
  const part = async (terms: string[], derived: 'exclude' | 'only') =>
    (await store.searchMemories({ terms }, { limit: depth, types, sessionId, statuses: statuses ? [...statuses] : undefined, derived })).map(
      (h) => ({ kind: 'memory', id: h.item.id, score: h.score, memory: h.item }) as const,
    );
  const search = async (terms: string[]) =>
    terms.length === 0
      ? []
      : (await Promise.all([part(terms, 'exclude'), derived ? part(terms, 'only') : []])).flat().sort((a, b) => b.score - a.score);
  // The analysis' synonyms and related words are searched too, under their own (lower) weight.
  const [direct, expanded] = await Promise.all([search(analysis.terms), inp.messageExpansions ? search(analysis.expansions) : Promise.resolve([])]);
  return [
    { channel: 'fulltext', hits: direct },
    { channel: 'fulltext', source: 'memory_expansion', hits: expanded },
  ];
}

async function topicKeys({ store, analysis, types }: ChannelInputs): Promise<ChannelResult[]> {
  if (analysis.topicKeys.length === 0) return [];
  const found = await store.memoriesByTopicKeys(analysis.topicKeys, { types, limit: 20 });
  const order = new Map(analysis.topicKeys.map((k, i) => [k, i]));
  found.sort((a, b) => (order.get(a.topicKey ?? '') ?? 99) - (order.get(b.topicKey ?? '') ?? 99));
  return [{ channel: 'topic_key', hits: found.map((m, i) => ({ kind: 'memory', id: m.id, score: 1 / (i + 1), memory: m })) }];
}

async function messages(inp: ChannelInputs): Promise<ChannelResult[]> {
  const { store, analysis, sessionId, depth } = inp;
  const search = async (terms: string[]) =>
    terms.length === 0
      ? []
      : (await store.searchMessages({ terms }, { limit: depth, sessionIds: sessionId ? [sessionId] : undefined })).map(
          (h) => ({ kind: 'message', id: h.item.id, score: h.score, message: h.item }) as const,
        );
  const [direct, expanded] = await Promise.all([
    search(analysis.terms),
    inp.messageExpansions ? search(analysis.expansions) : Promise.resolve([]),
  ]);
  return [
    { channel: 'messages', hits: direct },
    { channel: 'messages', source: 'message_expansion', hits: expanded },
  ];
}

async function vectors({ store, analysis, embedder, types, sessionId, depth, messageVectors, scope }: ChannelInputs, derived: boolean): Promise<ChannelResult[]> {
  if (!embedder || (scope === 'messages' && !messageVectors)) return [];
  const query = analysis.terms.join(' ');
  const texts = analysis.hyde ? [query, analysis.hyde] : [query];
  const [qv, hv] = await embedder.embed(texts);
  const search = async <K extends 'memory' | 'message'>(v: Float32Array, kind: K, limit = depth) =>
    (await store.searchVectors(v, { kind, limit, types, sessionId })).map((h) => ({ kind, id: h.item.id, score: h.score }));
  const rows = new Map<string, Memory>(); // read once for both searches
  const searchMemories = (v: Float32Array) =>
    derived ? vectorsBesideGathered(store, (limit) => search(v, 'memory', limit), depth, rows) : search(v, 'memory');
  const memories = scope !== 'messages';
  const byQuery = memories ? searchMemories(qv!) : Promise.resolve([]);
  // A HyDE statement embedded as the query was (e.g. the same words to a lexical embedder) finds the same hits.
  const hydeHits = !hv || !memories ? Promise.resolve([]) : sameVector(qv!, hv) ? byQuery.then((hits) => hits.map((h) => ({ ...h }))) : searchMemories(hv);
  const [mem, msg, hyde] = await Promise.all([
    byQuery,
    messageVectors && scope !== 'memories' ? search(qv!, 'message') : Promise.resolve([]),
    hydeHits,
  ]);
  return [
    { channel: 'vector', hits: mem },
    { channel: 'vector', source: 'message_vector', hits: msg },
    { channel: 'hyde', hits: hyde },
  ];
}

function sameVector(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
