import type { RecallResult, RecalledMemory, RecalledMessage } from '../api.js';
import type { Embedder } from '../models/embedder.js';
import type { Store } from '../store/store.js';
import type { MemoryType } from '../types.js';
import type { QueryAnalyzer } from './analyzer.js';
import type { Candidate } from './candidate.js';
import { misattributionGap } from './answerability.js';
import { candidateTime } from './candidate.js';
import { runChannels } from './channels.js';
import { recallConfidence, termCoverage } from './confidence.js';
import { type ChannelWeights, maxFusedScore } from './fuse.js';
import { hydrate } from './hydrate.js';
import { type RankOptions, rankCandidates } from './rank.js';
import { relatedWordsOf } from './related-words.js';
import { recallTuning } from './tuning.js';
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
  const base = recallTuning();
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  const analysis = await deps.analyzer.analyze(query, {
    referenceDate: p.referenceDate,
    topicKeys: await deps.topicKeys(),
    relatedWords: base.relatedWords ? relatedWordsOf(deps.embedder) : undefined,
  });
  const tuning = base.overviewMode && analysis.overview ? { ...base, ...base.overview } : base;
  const weights = { ...deps.weights, ...tuning.weights };
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
    messageVectors: tuning.messageVectorWeight > 0,
    messageExpansions: tuning.expansionWeight > 0,
  });
  Object.assign(timings, channelTimings);

  const t1 = performance.now();
  const rankOpts: RankOptions = {
    weights,
    mode: tuning.fusion,
    extraWeights: { message_vector: tuning.messageVectorWeight, message_expansion: tuning.expansionWeight },
    k: 60,
    timeRange: analysis.timeRange,
    timeBoost: tuning.timeBoost,
    provenance: tuning.provenance,
    neighbours: tuning.neighbours,
    neighbourSeeds: tuning.neighbourSeeds,
    neighbourRefChars: tuning.neighbourRefChars,
    neighbourWindow: tuning.neighbourWindow,
    query,
    authorBoost: tuning.authorBoost,
    assistantBoost: tuning.assistantBoost,
    sessionBoost: tuning.sessionBoost,
    // A question about the past (when, history, overview, order) wants what happened, not rules.
    guidanceBoost: analysis.temporal || analysis.wantsHistory || analysis.overview || analysis.order ? 0 : tuning.guidanceBoost,
    sessionSpread: tuning.sessionSpread,
    answerTypeBoost: tuning.answerTypeBoost,
    terms: analysis.terms,
    newerWithin: analysis.temporal || analysis.wantsHistory || p.includeSuperseded ? 0 : tuning.newerWithin,
    newerWindow: tuning.newerWindow,
    newerCoverage: tuning.newerCoverage,
  };
  const ranked = await rankCandidates(deps.store, results, rankOpts);
  const memories = await firstHydrated(deps.store, ranked, 'memory', p.limit);
  const messages = await firstHydrated(deps.store, ranked, 'message', p.limit);
  timings.fuse = performance.now() - t1;

  const top = ranked.find((c) => c.memory || c.message);
  // Answerability only moves the answer, never the evidence: a misattributing question abstains.
  const topMessages = ranked.filter((c) => c.message).slice(0, tuning.misattributionWindow).map(textOf);
  const misattributed = misattributionGap(query, topMessages) >= tuning.misattributionGap;
  const confidence = misattributed ? 0 : top
    ? recallConfidence({
        coverage: termCoverage(analysis.terms, textOf(top)),
        fused: top.score,
        maxFused: maxFusedScore(results, rankOpts),
      })
    : 0;
  const temporal = analysis.temporal ? temporalFacts(ranked.slice(0, 5), p.referenceDate) : [];

  const t2 = performance.now();
  // A timeline (overview or order question) draws on more of the history than a single answer.
  const timeline = analysis.overview || analysis.order;
  const evidence = ranked.slice(0, timeline ? 16 : 8).filter((c) => c.memory || c.message).map((c) => ({
    id: c.id,
    kind: c.kind,
    type: c.memory?.type,
    content: textOf(c),
    time: candidateTime(c),
    score: c.score,
  }));
  const synthesis = p.synthesize && !misattributed
    ? await deps.synthesizer.synthesize({ query, referenceDate: p.referenceDate, evidence, temporal, confidence, timeline })
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
    reading: {
      kind: analysis.overview ? 'overview' : analysis.order ? 'order' : 'lookup',
      terms: analysis.terms,
      timeRange: analysis.timeRange,
      temporal: analysis.temporal,
      history: analysis.wantsHistory,
    },
    timings: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, round(v)])),
  };
}

/** The best `limit` candidates of a kind, rows loaded (only for what is returned). */
async function firstHydrated(store: Store, ranked: Candidate[], kind: Candidate['kind'], limit: number): Promise<Candidate[]> {
  const head = ranked.filter((c) => c.kind === kind).slice(0, limit + 10);
  await hydrate(store, head);
  return head.filter((c) => c.memory || c.message).slice(0, limit);
}

function textOf(c: Candidate): string {
  return c.memory?.content ?? c.message?.content ?? '';
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
