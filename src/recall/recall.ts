import type { RecallResult, RecalledMemory, RecalledMessage } from '../api.js';
import type { Embedder } from '../models/embedder.js';
import type { Store } from '../store/store.js';
import type { MemoryType } from '../types.js';
import type { QueryAnalyzer } from './analyzer.js';
import type { Candidate } from './candidate.js';
import { candidateTime } from './candidate.js';
import { runChannels } from './channels.js';
import { recallConfidence, termCoverage } from './confidence.js';
import { type ChannelWeights, fuse, maxFusedScore } from './fuse.js';
import type { Synthesizer } from './synthesizer.js';
import { temporalFacts } from './temporal.js';

export interface RecallDeps {
  store: Store;
  analyzer: QueryAnalyzer;
  synthesizer: Synthesizer;
  embedder: Embedder | null;
  weights: ChannelWeights;
  topicKeys: () => Promise<string[]>;
}

export interface RecallParams {
  limit: number;
  types?: MemoryType[];
  sessionId?: string;
  referenceDate: Date;
  synthesize: boolean;
  includeSuperseded: boolean;
}

/** The retrieval pipeline of DESIGN.md §3: analyze, five channels, fuse, temporal, synthesize. */
export async function recall(deps: RecallDeps, query: string, p: RecallParams): Promise<RecallResult> {
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  const analysis = await deps.analyzer.analyze(query, { referenceDate: p.referenceDate, topicKeys: await deps.topicKeys() });
  timings.analyze = performance.now() - t0;

  const depth = Math.max(50, p.limit * 2);
  const { results, timings: channelTimings } = await runChannels({
    store: deps.store,
    analysis,
    embedder: deps.embedder,
    types: p.types,
    sessionId: p.sessionId,
    depth,
    includeSuperseded: p.includeSuperseded,
  });
  Object.assign(timings, channelTimings);

  const t1 = performance.now();
  const fuseOpts = { weights: deps.weights, k: 60, timeRange: analysis.timeRange, timeBoost: 1.5 };
  const fused = fuse(results, fuseOpts);
  await hydrate(deps.store, fused.slice(0, p.limit * 2));
  const memories = fused.filter((c) => c.kind === 'memory' && c.memory).slice(0, p.limit);
  const messages = fused.filter((c) => c.kind === 'message' && c.message).slice(0, p.limit);
  timings.fuse = performance.now() - t1;

  const top = fused.find((c) => c.memory || c.message);
  const activeChannels = results.filter((r) => r.hits.length > 0).map((r) => r.channel);
  const confidence = top
    ? recallConfidence({
        coverage: termCoverage(analysis.terms, textOf(top)),
        fused: top.score,
        maxFused: maxFusedScore(activeChannels, fuseOpts),
      })
    : 0;
  const temporal = analysis.temporal ? temporalFacts(fused.slice(0, 5), p.referenceDate) : [];

  const t2 = performance.now();
  const evidence = fused.slice(0, 8).filter((c) => c.memory || c.message).map((c) => ({
    id: c.id,
    kind: c.kind,
    type: c.memory?.type,
    content: textOf(c),
    time: candidateTime(c),
    score: c.score,
  }));
  const synthesis = p.synthesize
    ? await deps.synthesizer.synthesize({ query, referenceDate: p.referenceDate, evidence, temporal, confidence })
    : { answer: null, citedIds: [], confidence };
  timings.synthesize = performance.now() - t2;
  timings.total = performance.now() - t0;

  return {
    query,
    answer: synthesis.answer,
    confidence: synthesis.confidence,
    abstained: p.synthesize && synthesis.answer === null,
    memories: memories.map((c): RecalledMemory => ({ ...c.memory!, score: round(c.score), channels: c.hits })),
    messages: messages.map((c): RecalledMessage => ({ ...c.message!, score: round(c.score), channels: c.hits })),
    temporal,
    timings: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, round(v)])),
  };
}

/** Vector hits carry only ids: load the rows of the candidates that will be returned. */
async function hydrate(store: Store, candidates: Candidate[]): Promise<void> {
  const memIds = candidates.filter((c) => c.kind === 'memory' && !c.memory).map((c) => c.id);
  const msgIds = candidates.filter((c) => c.kind === 'message' && !c.message).map((c) => c.id);
  const [mems, msgs] = await Promise.all([
    memIds.length ? store.getMemories(memIds) : [],
    msgIds.length ? store.getMessages(msgIds) : [],
  ]);
  const memById = new Map(mems.map((m) => [m.id, m]));
  const msgById = new Map(msgs.map((m) => [m.id, m]));
  for (const c of candidates) {
    if (c.kind === 'memory' && !c.memory) c.memory = memById.get(c.id);
    if (c.kind === 'message' && !c.message) c.message = msgById.get(c.id);
  }
}

function textOf(c: Candidate): string {
  return c.memory?.content ?? c.message?.content ?? '';
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
