import type { Store } from '../store/store.js';
import type { ChannelResult } from './candidate.js';
import { type Candidate } from './candidate.js';
import { type FuseOptions, fuse, sortCandidates } from './fuse.js';
import { boostAddressedAssistant, boostNamedAuthors, boostOwnTurns } from './author-boost.js';
import { boostAnswerTypes } from './answer-type.js';
import { boostGuidance } from './guidance-boost.js';
import { hydrate } from './hydrate.js';
import { memoriesBeforeSources } from './memory-first.js';
import { pullNeighbours } from './neighbours.js';
import { preferNewer } from './recency.js';
import { boostSessions } from './session-boost.js';
import { spreadSessions } from './session-spread.js';
import { type SetBreadthOptions, spreadSet } from './set-breadth.js';
import { boostCategoryMembers } from './category-match.js';
import type { Embedder } from '../models/embedder.js';
import { propagateProvenance } from './provenance.js';
import { spreadOverTime } from './timeline-spread.js';
import { pairExchanges } from './exchange-pairs.js';
import { liftAnswers } from './asked-answered.js';
import { type SecondRoundOptions, secondRound } from './second-round.js';
import { followPointers, type PointerOptions } from './gathered-pointers.js';
import { capGathered, gatheredAmong, putBack, setAside } from './gathered-aside.js';
import { answeringTopic, topicAsker } from './gathered-answers.js';
import { followThreads, type ThreadOptions } from './thread-entities.js';
import { preferFirstMentions } from './first-mention.js';
import { type FollowUpOptions, followUps } from './follow-ups.js';

export interface RankOptions extends FuseOptions {
  provenance: number;
  neighbours: number;
  neighbourSeeds: number;
  neighbourRefChars: number;
  neighbourWindow: number;
  /** The question, for the named-author boost. */
  query: string;
  authorBoost: number;
  /** Multiplier share for assistant turns when the question asks what the assistant said. */
  assistantBoost: number;
  sessionBoost: number;
  /** Multiplier share for instructions and preferences (0 for questions about the past). */
  guidanceBoost: number;
  sessionSpread: number;
  /** A merged memory is lifted by its kept statement's turns only, and lifts each member's turns as far as that member covers the question. */
  mergeLeadProvenance?: boolean;
  /** A topic memory the question asks about is spread like a session's turns (the session spread, per turn it adds). */
  spreadGathered?: boolean;
  answerTypeBoost: number;
  /** Replaces `answerTypeBoost` for a question about troubles (absent: the same). */
  troubleBoost?: number;
  /** Question keywords, and the near-tie ratio within which a newer restatement wins (0: off). */
  terms: string[];
  newerWithin: number;
  newerWindow: number;
  newerCoverage: number;
  /** A memory found by key or words ranks above the turns it came from. */
  memoryFirst: boolean;
  /** Share added to the user's own turns, and the spread over time (1: off), for sequence questions. */
  ownTurnsBoost?: number;
  timeSpread?: number;
  timeSpreadShare?: number;
  /** With pointers, a gathered memory (consolidation's) is not lifted above its sources' turns (memory-first). */
  gatheredByMean?: boolean;
  /** A gathered memory passes its score to its members' turns by their own match (src/recall/gathered-pointers.ts; absent: off). */
  pointers?: PointerOptions;
  /** A topic memory about the person and topic the question names ranks first (src/recall/gathered-answers.ts). */
  topicAnswers?: boolean;
  /** For a set question: the kind it names, and the boost of candidates holding a member of it (absent: none). */
  category?: { word: string; embedder: Embedder | null; boost: number; floor: number; window: number };
  /** Each of the best this many messages is followed by the other half of its exchange (0 or absent: off). */
  exchangeHead?: number;
  /** …except the first this many, which keep their places (their partners follow them). */
  exchangeKeep?: number;
  /** A named person's answer to another's question among the best `seeds` rises to `share` of it (absent: off). */
  answerLift?: { share: number; seeds: number };
  /** Iterative retrieval seeded by the best turns (absent: off). */
  secondRound?: SecondRoundOptions;
  /** A sequence follows the names of its best turns to their other mentions (absent: off). */
  threads?: ThreadOptions;
  /** A sequence: a session's earliest matching turn within this ratio of its best takes the best's score (absent: off). */
  firstMention?: number;
  /** A sequence: the best user turns pass a share to the same person's next turn (absent: off). */
  followUps?: FollowUpOptions;
  /** Breadth for a question asking for a set of things (absent: none). */
  breadth?: SetBreadthOptions;
}

/** Fuses channel hits, lets memories and their source turns reinforce each other, adds adjacent turns. */
export async function rankCandidates(store: Store, results: ChannelResult[], opts: RankOptions): Promise<Candidate[]> {
  // Gathered memories rank by their own match (gathered-aside.ts); as pointers they take part instead.
  const gathered = opts.pointers ? new Set<string>() : await gatheredAmong(store, results);
  const fused = setAside(fuse(capGathered(results, gathered), opts), gathered);
  let ranked = fused.rest;
  if (opts.authorBoost > 0) ranked = sortCandidates(boostNamedAuthors(opts.query, ranked, opts.authorBoost));
  if (opts.provenance > 0 || opts.guidanceBoost > 0 || opts.pointers) await hydrate(store, ranked.filter((c) => c.kind === 'memory'));
  if (opts.guidanceBoost > 0) ranked = sortCandidates(boostGuidance(ranked, opts.guidanceBoost));
  if (opts.provenance > 0) {
    ranked = sortCandidates(await propagateProvenance(store, ranked.filter((c) => c.kind === 'message' || c.memory), opts.provenance, !!opts.pointers, opts.mergeLeadProvenance, opts.terms));
  }
  if (opts.pointers) ranked = await followPointers(store, ranked.filter((c) => c.kind === 'message' || c.memory), opts.pointers);
  if (opts.sessionBoost > 0) ranked = sortCandidates(boostSessions(ranked, opts.sessionBoost, opts.neighbourRefChars));
  if (opts.neighbours > 0) ranked = sortCandidates(await pullNeighbours(store, ranked, opts.neighbours, opts.neighbourSeeds, opts.neighbourRefChars, opts.neighbourWindow));
  if (opts.answerLift && opts.answerLift.share > 0) {
    await hydrate(store, ranked.slice(0, opts.answerLift.seeds));
    ranked = sortCandidates(await liftAnswers(store, opts.query, ranked, opts.answerLift.share, opts.answerLift.seeds));
  }
  if (opts.assistantBoost > 0) ranked = sortCandidates(boostAddressedAssistant(opts.query, ranked, opts.assistantBoost));
  if (opts.sessionSpread < 1) ranked = sortCandidates(spreadSessions(ranked, opts.sessionSpread));
  if (opts.answerTypeBoost > 0 || (opts.troubleBoost ?? 0) > 0) ranked = sortCandidates(boostAnswerTypes(opts.query, ranked, opts.answerTypeBoost, opts.troubleBoost));
  if (opts.category && opts.category.boost > 0) {
    const { word, embedder, ...rest } = opts.category;
    await hydrate(store, ranked.slice(0, rest.window));
    ranked = sortCandidates(await boostCategoryMembers(ranked, word, opts.terms, embedder, rest));
  }
  if (opts.newerWithin > 0) ranked = sortCandidates(preferNewer(ranked, opts.terms, opts.newerWithin, opts.newerWindow, opts.newerCoverage));
  // After the newer restatement has won: breadth then drops the stale copy, not the update.
  if (opts.breadth) {
    await hydrate(store, ranked.slice(0, opts.breadth.window));
    ranked = sortCandidates(spreadSet(ranked, opts.breadth));
  }
  if (opts.memoryFirst) ranked = sortCandidates(memoriesBeforeSources(ranked, 10, opts.gatheredByMean));
  if (opts.threads) ranked = sortCandidates(await followThreads(store, ranked, opts.threads));
  if (opts.firstMention) ranked = sortCandidates(await preferFirstMentions(store, ranked, opts.firstMention));
  if (opts.ownTurnsBoost) ranked = sortCandidates(boostOwnTurns(ranked, opts.ownTurnsBoost));
  if (opts.timeSpread !== undefined && opts.timeSpread < 1) ranked = spreadOverTime(ranked, opts.timeSpread, opts.timeSpreadShare ?? 0);
  if (opts.followUps) ranked = await followUps(store, ranked, opts.followUps);
  if (opts.secondRound) ranked = await secondRound(store, ranked, opts.query, opts.terms, opts.secondRound);
  if (opts.exchangeHead) ranked = await pairExchanges(store, ranked, opts.exchangeHead, opts.exchangeKeep);
  if (fused.aside.length === 0) return ranked;
  await hydrate(store, ranked.filter((c) => c.kind === 'memory'));
  return putBack(ranked, fused.aside, opts.topicAnswers ? answeringTopic(fused.aside, opts.query, opts.terms) : null, topicAsker(opts.query, opts.terms), opts.spreadGathered ? opts.sessionSpread : 1);
}
