import type { RecallResult, RecalledMemory, RecalledMessage } from '../api.js';
import type { Embedder } from '../models/embedder.js';
import type { Store } from '../store/store.js';
import type { MemoryType } from '../types.js';
import type { QueryAnalyzer } from './analyzer.js';
import type { Candidate } from './candidate.js';
import { evidenceMisbound } from './unanswerable.js';
import { candidateTime } from './candidate.js';
import { type ChannelInputs, runChannels } from './channels.js';
import type { ChannelResult } from './candidate.js';
import { TierGate } from '../lifecycle/gate.js';
import { applySaliencePrior } from '../lifecycle/prior.js';
import { DEFAULT_LIFECYCLE, type LifecycleSettings } from '../lifecycle/settings.js';
import { withSalience } from '../lifecycle/salience.js';
import { recallConfidence, termCoverage } from './confidence.js';
import { type ChannelWeights, maxFusedScore } from './fuse.js';
import { demoteOthersSubjects } from './subject-demotion.js';
import { focusOnNamedSpeaker } from './speaker-focus.js';
import { hydrate } from './hydrate.js';
import { withoutLapsedTasks } from '../tasks/recall-filter.js';
import { type RankOptions, rankCandidates } from './rank.js';
import { feedbackSettings } from './feedback-channel.js';
import { rarityOf } from './feedback-terms.js';
import { relatedWordsOf } from './related-words.js';
import { recallTuning } from './tuning.js';
import type { Synthesizer } from './synthesizer.js';
import { temporalFacts } from './temporal.js';
import type { FilterNode } from '../filters/ast.js';
import { scopeCandidates } from '../filters/recall-scope.js';
import { sessionCandidates } from '../filters/recall-session.js';
import { unknownNameShare } from './unknown-names.js';
import { monotonicMs } from '../elapsed.js';
import { setCategory } from './aggregation.js';

export interface RecallDeps {
  store: Store;
  analyzer: QueryAnalyzer;
  synthesizer: Synthesizer;
  embedder: Embedder | null;
  weights: ChannelWeights;
  /** With `parts`, the keys containing one of them may be all it returns (see QueryAnalyzer.topicKeyParts). */
  topicKeys: (parts?: string[]) => Promise<string[]>;
}

export interface RecallParams {
  limit: number;
  types?: MemoryType[];
  sessionId?: string;
  referenceDate: Date;
  synthesize: boolean;
  includeSuperseded: boolean;
  /** `all` skips the tier gate (see src/lifecycle/gate.ts). */
  tiers?: 'auto' | 'all';
  /** The profile's lifecycle settings, for salience (default: DEFAULT_LIFECYCLE). */
  lifecycle?: LifecycleSettings;
  /** Scope/metadata filter: only matching memories and their source messages are returned or answered from. */
  where?: FilterNode;
}

/** The retrieval pipeline of DESIGN.md §3: analyze, five channels, fuse, temporal, synthesize. */
export async function recall(deps: RecallDeps, query: string, p: RecallParams): Promise<RecallResult> {
  const base = recallTuning();
  const timings: Record<string, number> = {};
  const t0 = monotonicMs();
  const analysis = await deps.analyzer.analyze(query, {
    referenceDate: p.referenceDate,
    topicKeys: await deps.topicKeys(deps.analyzer.topicKeyParts?.(query)),
    relatedWords: base.relatedWords ? relatedWordsOf(deps.embedder) : undefined,
  });
  // A question asking for a set of things wants breadth (src/recall/aggregation.ts).
  const category = base.setMode && !analysis.overview && !analysis.order ? setCategory(query) : null;
  const set = category !== null;
  const byKind = base.overviewMode && analysis.overview ? { ...base, ...base.overview } : set ? { ...base, ...base.set } : base;
  // Gathered over the history ("how many… across my sessions"): each session's moment gets a place.
  const across = !analysis.overview && !analysis.order && !!analysis.classes?.includes('across_history');
  const tuning = across ? { ...byKind, sessionSpread: base.acrossHistorySpread } : byKind;
  const weights = { ...deps.weights, ...tuning.weights };
  timings.analyze = monotonicMs() - t0;

  const unknownNames = unknownNameShare(deps.store, query);
  // A filter drops candidates after the channels, so they look deeper.
  const depth = Math.max(50, p.limit * 2) * (p.where ? 4 : 1);
  const gate = await TierGate.open(deps.store, { tiers: p.tiers ?? 'auto', escalateBelow: tuning.escalateBelow, messagesFirst: tuning.messagesFirst });
  const lifecycle = p.lifecycle ?? DEFAULT_LIFECYCLE;
  const channelInputs: ChannelInputs = {
    store: deps.store,
    analysis,
    embedder: deps.embedder,
    types: p.types,
    sessionId: p.sessionId,
    depth,
    includeSuperseded: p.includeSuperseded,
    messageVectors: tuning.messageVectorWeight > 0,
    messageExpansions: tuning.expansionWeight > 0,
    entities: tuning.entityWeight > 0 ? { query, maxShare: tuning.entityMaxShare } : undefined,
    feedback: feedbackSettings(tuning.feedback, tuning.feedbackTermsWeight, tuning.feedbackVectorWeight),
  };
  const { results: found, timings: channelTimings } = await runChannels({ ...channelInputs, scope: gate.tiered && !tuning.messagesFirst ? 'memories' : undefined });
  Object.assign(timings, channelTimings);
  const tg = monotonicMs();
  const results = gate.first(found, analysis.terms, analysis.timeRange?.text ?? null);
  timings.gate = monotonicMs() - tg;
  const searchMessages = async () => (await runChannels({ ...channelInputs, scope: 'messages' })).results;

  const t1 = monotonicMs();
  const rankOpts: RankOptions = {
    weights,
    mode: tuning.fusion,
    extraWeights: { message_vector: tuning.messageVectorWeight, message_expansion: tuning.expansionWeight, memory_expansion: tuning.expansionWeight, entity_mention: tuning.entityWeight, message_feedback: tuning.feedbackTermsWeight, message_feedback_vector: tuning.feedbackVectorWeight },
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
    mergeLeadProvenance: tuning.mergeLeadProvenance,
    spreadGathered: tuning.spreadGathered,
    answerTypeBoost: tuning.answerTypeBoost,
    troubleBoost: tuning.troubleBoost,
    terms: analysis.terms,
    newerWithin: analysis.temporal || analysis.wantsHistory || p.includeSuperseded ? 0 : tuning.newerWithin,
    newerWindow: tuning.newerWindow,
    newerCoverage: tuning.newerCoverage,
    // A timeline (overview or order question) quotes the turns themselves, oldest first.
    memoryFirst: tuning.memoryFirst && !analysis.overview && !analysis.order,
    // A sequence is told across the whole history; one about what the user raised, by the user's turns.
    ownTurnsBoost: analysis.order && analysis.classes?.includes('own_statements') ? tuning.ownTurnsBoost : 0,
    timeSpread: analysis.order ? tuning.timeSpread : 1,
    timeSpreadShare: tuning.timeSpreadShare,
    exchangeHead: tuning.exchangeHead,
    exchangeKeep: tuning.exchangeKeep,
    secondRound: tuning.secondRound.weight > 0 ? { ...tuning.secondRound, rarity: rarityOf(deps.embedder) } : undefined,
    answerLift: tuning.answerLift > 0 ? { share: tuning.answerLift, seeds: tuning.answerSeeds } : undefined,
    gatheredByMean: tuning.gatheredByMean,
    // A sequence follows its thread's names across sessions (an overview lost pairs to it: README, Recall).
    firstMention: analysis.order ? tuning.firstMention : 0,
    threads: analysis.order && tuning.threads.share > 0 ? tuning.threads : undefined,
    followUps: analysis.order && tuning.followUps.share > 0 ? tuning.followUps : undefined,
    pointers: tuning.pointers.share > 0 ? tuning.pointers : undefined,
    topicAnswers: tuning.topicAnswers,
    category: category ? { word: category, embedder: deps.embedder, boost: tuning.categoryBoost, floor: tuning.categoryFloor, window: tuning.categoryWindow } : undefined,
    breadth: tuning.breadthSessionKeep < 1 || tuning.breadthCopyKeep < 1
      ? { window: tuning.breadthWindow, sessionKeep: tuning.breadthSessionKeep, copyKeep: tuning.breadthCopyKeep }
      : undefined,
  };
  // A line about someone else than the one person the question names (src/recall/subject-demotion.ts).
  const subjects = (set || !tuning.subjects.setOnly) && tuning.subjects.keep < 1 ? tuning.subjects : undefined;
  // The named participant's own lines (src/recall/speaker-focus.ts); a timeline keeps its order.
  const speakers = tuning.speakerFocus.keep < 1 && !analysis.overview && !analysis.order ? tuning.speakerFocus : undefined;
  // Lifecycle: ranked once per tier pass; the gate decides whether to escalate (src/lifecycle/gate.ts).
  const rankPass = async (results: ChannelResult[]) => {
    const fused = gate.shown(await rankCandidates(deps.store, results, rankOpts));
    const allRanked = p.sessionId ? await sessionCandidates(deps.store, fused, p.sessionId) : fused;
    const scoped = p.where ? await scopeCandidates(deps.store, allRanked, p.where) : allRanked;
    // Lapsed tasks leave recall; a history recall (includeSuperseded) still sees them.
    const unbound = p.includeSuperseded ? scoped : await withoutLapsedTasks(deps.store, scoped, p.referenceDate, p.limit + 20);
    // The misattribution check reads whose lines rank first before they are ranked by whom they are about.
    await firstHydrated(deps.store, unbound, 'message', p.limit);
    const lines = unbound.filter((c) => c.message).map(textOf);
    const bound = subjects ? demoteOthersSubjects(query, await hydrated(deps.store, unbound, subjects.window), subjects) : unbound;
    const ranked = speakers ? await focusOnNamedSpeaker(deps.store, query, bound, speakers) : bound;
    const memories = applySaliencePrior(await firstHydrated(deps.store, ranked, 'memory', p.limit + 5), tuning.salienceWeight, lifecycle, p.referenceDate).slice(0, p.limit);
    const messages = await firstHydrated(deps.store, ranked, 'message', p.limit);
    timings.fuse = monotonicMs() - t1;

    const top = ranked.find((c) => c.memory || c.message);
    // Answerability only moves the answer, never the evidence: a misattributing question abstains.
    const misattributed =
      evidenceMisbound(query, lines, memories.map(textOf), tuning) ||
      (await unknownNames) > tuning.unknownNamesAbove;
    const found = top
      ? recallConfidence({
          coverage: termCoverage(analysis.terms, textOf(top)),
          fused: top.score,
          maxFused: maxFusedScore(results, rankOpts),
        })
      : 0;
    return { ranked, memories, messages, top, misattributed, confidence: misattributed ? 0 : found, found };
  };
  let pass = await rankPass(results);
  // The gate asks whether the evidence was found: a question the answer refuses for naming someone
  // the evidence is not about is no miss, and a colder tier does not make it answerable.
  for (let more; (more = await gate.next(pass.found, searchMessages)); ) pass = await rankPass(more);
  const { ranked, memories, messages, misattributed, confidence } = pass;
  const temporal = analysis.temporal ? temporalFacts(ranked.slice(0, 5), p.referenceDate) : [];

  const t2 = monotonicMs();
  // A timeline (overview or order question) draws on more of the history than a single answer.
  const timeline = analysis.overview || analysis.order;
  const evidence = ranked.slice(0, timeline ? 16 : 8).filter((c) => c.memory || c.message).map((c) => ({
    id: c.id,
    kind: c.kind,
    type: c.memory?.type,
    content: textOf(c),
    time: candidateTime(c),
    score: c.score,
    matchedKey: c.hits.some((h) => h.channel === 'topic_key') ? c.memory?.topicKey : null,
  }));
  const synthesis = p.synthesize && !misattributed
    ? await deps.synthesizer.synthesize({ query, referenceDate: p.referenceDate, evidence, temporal, confidence, timeline })
    : { answer: null, citedIds: [], confidence };
  timings.synthesize = monotonicMs() - t2;
  timings.total = monotonicMs() - t0;

  return {
    query,
    answer: synthesis.answer,
    confidence: synthesis.confidence,
    abstained: p.synthesize && synthesis.answer === null,
    memories: memories.map((c): RecalledMemory => ({ ...withSalience(c.memory!, lifecycle, p.referenceDate), score: round(c.score), channels: c.hits })),
    messages: messages.map((c): RecalledMessage => ({ ...c.message!, score: round(c.score), channels: c.hits })),
    temporal,
    reading: {
      kind: analysis.overview ? 'overview' : analysis.order ? 'order' : set ? 'set' : 'lookup',
      terms: analysis.terms,
      timeRange: analysis.timeRange,
      temporal: analysis.temporal,
      history: analysis.wantsHistory,
      tiers: gate.tiers(),
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

async function hydrated(store: Store, ranked: Candidate[], head: number): Promise<Candidate[]> {
  await hydrate(store, ranked.slice(0, head));
  return ranked;
}

function textOf(c: Candidate): string {
  return c.memory?.content ?? c.message?.content ?? '';
}

function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
