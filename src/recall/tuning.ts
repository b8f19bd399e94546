import type { FeedbackSettings } from './feedback-channel.js';
import type { ChannelWeights } from './fuse.js';

/**
 * Knobs of the offline ranking that are not per-profile settings. Defaults are what ships;
 * `withRecallTuning` overrides them for experiments (bench/ablation.ts), never in production.
 */
export interface RecallTuning {
  /** `score`: per-channel normalized scores, weighted sum. `rrf`: weighted reciprocal rank fusion. */
  fusion: 'score' | 'rrf';
  /** Weight of vector search over raw messages, relative to nothing (its own channel weight). */
  messageVectorWeight: number;
  /** Weight of the message search with expanded terms (word-vector neighbours, word forms). */
  expansionWeight: number;
  /** Share of a memory's score its source messages receive, and vice versa. */
  provenance: number;
  /** Share of a message's score passed to the previous and next turn of its session. */
  neighbours: number;
  /** How many of the best messages pass score to their neighbours. */
  neighbourSeeds: number;
  /** How many turns before and after a seed receive its share. */
  neighbourWindow: number;
  /** Neighbour share shrinks by this / mean length of the pair when longer (0: no scaling). */
  neighbourRefChars: number;
  /** Share added to messages whose "Name:" author the question names. */
  authorBoost: number;
  /** Share added to assistant turns when the question asks what the assistant said ("did you…"). */
  assistantBoost: number;
  /** Multiplier share for candidates holding the kind of value the question asks for (an amount, a number, a duration). */
  answerTypeBoost: number;
  /** Multiplier share for candidates telling of an error or something not working, when the question asks about troubles (class `trouble`). */
  troubleBoost: number;
  /** Multiplier share for instructions and stated preferences when the question is not about the past. */
  guidanceBoost: number;
  /** Share of its session's best message scores a message gains. */
  sessionBoost: number;
  /** A newer message restating an older one's question words wins within this score ratio (0: off). */
  newerWithin: number;
  /** How many of the best messages are compared, and the share of the older one's question words the newer must cover. */
  newerWindow: number;
  newerCoverage: number;
  /** Related words from the embedder (GloVe neighbours) added to the analysis. */
  relatedWords: boolean;
  /** Multiplier for candidates inside the question's time range. */
  timeBoost: number;
  /** Abstain when others' sentences cover this much more of the question than the named person's do (0..1; >1 never)… */
  misattributionGap: number;
  /** …and the named person's own sentences cover at most this share of it. */
  misattributionOwnAtMost: number;
  /** A memory found by key or words ranks above the turns it came from (its answer source). */
  memoryFirst: boolean;
  /** Abstain when more than this share of the names a question uses appear nowhere in the profile (1: off). */
  unknownNamesAbove: number;
  /** How many of the best messages the misattribution check reads. */
  misattributionWindow: number;
  /** Abstain when a name of the question is in none of this many best messages nor the best memories (0: off). */
  nameEvidenceWindow: number;
  /** The n-th best message of a session keeps this^n of its score (1: off). */
  sessionSpread: number;
  /** `sessionSpread` for a question gathering over the history (class `across_history`), outside overviews and sequences. */
  acrossHistorySpread: number;
  /** A merged memory takes its provenance lift from its kept statement's turns only, and lifts another member's turns as far as that member covers the question (src/recall/provenance.ts). */
  mergeLeadProvenance: boolean;
  /** Under a session spread, a topic memory the question asks about keeps spread^(n-1) of its match for the n turns it adds. */
  spreadGathered: boolean;
  /** Overview questions ("summarize how…", found by the analyzer) rank with `overview`. */
  overviewMode: boolean;
  /** Overrides for overview questions (see `DEFAULT_TUNING`). */
  overview: Partial<Omit<RecallTuning, 'overview' | 'overviewMode' | 'set' | 'setMode'>>;
  /** Questions asking for a set of things (src/recall/aggregation.ts) rank with `set`. */
  setMode: boolean;
  /** Overrides for set questions (see `DEFAULT_TUNING`). */
  set: Partial<Omit<RecallTuning, 'set' | 'setMode' | 'overview' | 'overviewMode'>>;
  /** Breadth re-ranking (src/recall/set-breadth.ts): candidates re-ranked, score kept per chosen one of the same session, by a near-copy (1: off). */
  breadthWindow: number;
  breadthSessionKeep: number;
  breadthCopyKeep: number;
  /** Multiplier share for candidates holding a member of the kind a set question names (src/recall/category-match.ts; 0: off), over this word similarity, among the best `categoryWindow`. */
  categoryBoost: number;
  categoryFloor: number;
  categoryWindow: number;
  /** With pointers on, a gathered memory (consolidation) is not lifted above its sources' turns by memory-first (without pointers it ranks aside: gathered-aside.ts). */
  gatheredByMean: boolean;
  /** A gathered memory as a pointer to its members' turns, each ranked by its own match (src/recall/gathered-pointers.ts; share 0: off). */
  pointers: { share: number; floor: number; head: number; summaries: boolean };
  /** A topic memory about the person and topic the question names ranks first (src/recall/gathered-answers.ts). */
  topicAnswers: boolean;
  /** Weight of a named entity's mentions as a channel (src/recall/entity-channel.ts; 0: off)… */
  entityWeight: number;
  /** …for entities mentioned by at most this share of the profile's messages (a speaker in every turn gathers nothing). */
  entityMaxShare: number;
  /** Sequence questions about the user's own words ("what did I raise, in order"): share added to the user's turns. */
  ownTurnsBoost: number;
  /** Sequence questions: a candidate keeps this^n of its score, n = better ones within `timeSpreadShare` of the head's time span (1: off). */
  timeSpread: number;
  timeSpreadShare: number;
  /** Each of the best this many messages is followed by the other half of its exchange (src/recall/exchange-pairs.ts; 0: off). */
  exchangeHead: number;
  /** …except the first this many, which keep their places, their partners right after them. */
  exchangeKeep: number;
  /** A named person's turn answering another's question among the best `answerSeeds` rises to this share of the question's score (src/recall/asked-answered.ts; 0: off). */
  answerLift: number;
  answerSeeds: number;
  /** Weight of salience as a prior on memory scores (src/lifecycle/prior.ts; 0: off). */
  salienceWeight: number;
  /** In a profile with cold memories, recall escalates past the hot tier while its confidence is under this. */
  escalateBelow: number;
  /**
   * In a profile with cold memories, the raw messages are searched in the first pass (only memories
   * are tiered) instead of after the cold tier; false: hot memories, then cold, then messages.
   */
  messagesFirst: boolean;
  /** Pseudo-relevance feedback: weight of the second-pass word search (0: off), … */
  feedbackTermsWeight: number;
  /** …of the second-pass vector search (0: off), and the feedback's settings. */
  feedbackVectorWeight: number;
  feedback: FeedbackSettings;
  /** Iterative retrieval (src/recall/second-round.ts; weight 0: off). */
  secondRound: { seeds: number; terms: number; weight: number; keep: number };
  /** Lines about someone other than the one person the question names keep `keep` of their score, among the best `window` (src/recall/subject-demotion.ts; keep 1: off); for set questions only, or all. */
  subjects: { window: number; keep: number; first: number; setOnly: boolean };
  /** A question naming one participant of a dialogue: the other participants' lines among the best `window` keep `keep` of their score, the named one's questions `askingKeep`, their session openers gain `openingGain` (src/recall/speaker-focus.ts; keep 1: off). */
  speakerFocus: { window: number; keep: number; askingKeep: number; openingGain: number };
  /** Sequence questions: the recurring names of the best turns lead to their other mentions (src/recall/thread-entities.ts; share 0: off). */
  threads: { seeds: number; share: number; minSessions: number; maxShare: number };
  /** Sequence questions: a session's earliest matching turn within this ratio of its best takes the best's place (src/recall/first-mention.ts; 0: off). */
  firstMention: number;
  /** Sequence questions: each of the best user turns passes a share of its score to the user's next turn after the reply (src/recall/follow-ups.ts; share 0: off). */
  followUps: { seeds: number; share: number };
  /** Replaces channel weights (ablation). */
  weights?: Partial<ChannelWeights>;
}

export const DEFAULT_TUNING: RecallTuning = {
  fusion: 'score',
  messageVectorWeight: 0.35,
  // The analysis' synonyms are searched when an analyzer gives some (a model's); offline, GloVe
  // neighbours as synonyms measured mixed (README, Recall), so `relatedWords` stays off.
  expansionWeight: 0.1,
  provenance: 0.5,
  neighbours: 0.5,
  neighbourSeeds: 10,
  neighbourRefChars: 400,
  neighbourWindow: 2,
  authorBoost: 0.5,
  assistantBoost: 1,
  answerTypeBoost: 0.5,
  // BEAM dev event ordering R@10 39.6 -> 42.1, summarization R@10 19.8 -> 20.4 (same-run ablation row `- troubles`).
  troubleBoost: 0.5,
  guidanceBoost: 1.5,
  sessionBoost: 0.75,
  newerWithin: 0.7,
  newerWindow: 10,
  newerCoverage: 0.8,
  relatedWords: false,
  timeBoost: 1.5,
  // Chosen on LoCoMo dev (bench/abstention.ts): the most adversarial abstention with at most 5 % false abstention.
  misattributionGap: 0.1,
  misattributionOwnAtMost: 0.5,
  misattributionWindow: 5,
  nameEvidenceWindow: 10,
  unknownNamesAbove: 0.5,
  memoryFirst: true,
  sessionSpread: 1,
  // BEAM dev multi_session_reasoning R@10 60.2 -> 64.2, information extraction 54.2 -> 56.7 (10 questions
  // change: 4 up, 2 down); 0.5: R@10 the same, information extraction R@5 -2.5; 0.85: 62.6. LoCoMo has no such question.
  acrossHistorySpread: 0.7,
  // On consolidated profiles (merges) BEAM dev multi_session_reasoning R@10 63.6 -> 65.2, as unconsolidated;
  // nothing else moves. Counting memories in the session spread with their turns instead: 63.6, R@25 -1.7.
  mergeLeadProvenance: true,
  // BEAM dev, all kinds: multi_session_reasoning R@10 63.6 -> 65.2, as unconsolidated; nothing else moves (LoCoMo has no such question).
  spreadGathered: true,
  overviewMode: true,
  // BEAM dev event ordering R@10 22.2 → 28.1 with both (user turns alone 24.6); no other category moves.
  ownTurnsBoost: 1,
  timeSpread: 0.5,
  timeSpreadShare: 0.1,
  setMode: true,
  set: { breadthCopyKeep: 0.5, categoryBoost: 1, categoryFloor: 0.3 },
  breadthWindow: 40,
  breadthSessionKeep: 1,
  breadthCopyKeep: 1,
  categoryBoost: 0,
  categoryFloor: 0.4,
  categoryWindow: 60,
  entityWeight: 0.3,
  gatheredByMean: true,
  // Off: on consolidated profiles (merge, semantic, summary) no setting tried moved LoCoMo dev and all
  // cost BEAM dev summarization R@10 3–5 points (README, Recall; ablation row `+ gathered memories as pointers`).
  pointers: { share: 0, floor: 0.5, head: 5, summaries: false },
  // Off: on consolidated LoCoMo dev (all kinds) multi-hop R@10 50.2 → 48.8, single-hop 88.4 → 84.8:
  // a topic memory carries all its members' turns, most of which the question does not ask about.
  topicAnswers: false,
  entityMaxShare: 0.05,
  // Chosen on the dev sets (bench/ablation.ts): 1 vs 0 gives LoCoMo R@10 75.4 vs 75.3, BEAM 63.0 vs 62.4.
  salienceWeight: 1,
  exchangeHead: 0,
  exchangeKeep: 0,
  // LoCoMo dev R@5 67.1 -> 69.9 (single-hop 75.0 -> 80.0), R@10 76.2 -> 77.0; BEAM unchanged (no "Name:" turns).
  answerLift: 1,
  // Among the best 20 (10 before): LoCoMo dev R@10/25/50 77.9/84.0/88.1 -> 78.1/84.6/88.4 (multi-hop R@10
  // 49.5 -> 50.2, single-hop R@25 92.3 -> 93.3; 40 seeds: R@50 88.8, nothing else moves); BEAM unchanged.
  answerSeeds: 20,
  escalateBelow: 0.5,
  // Messages searched only after the cold tier lost LoCoMo dev R@10 79.0 -> 55.3 once tiering had run at
  // today's date (events of a year-old conversation go cold): the raw turns are most of its evidence.
  messagesFirst: true,
  // Seeded by the named people's own best turns, lifting their own turns below the first 5: LoCoMo
  // dev R@5/10/25/50 69.9/77.0/83.7/88.0 -> 70.8/77.9/84.0/88.1 (multi-hop R@10 47.1 -> 49.5); BEAM
  // has no "Name:" turns and does not move. Seeding by any best turns cost BEAM R@10 3 points.
  secondRound: { seeds: 3, terms: 4, weight: 0.3, keep: 5 },
  subjects: { window: 40, keep: 1, first: 0, setOnly: false },
  // LoCoMo dev R@10/25 78.0/84.7 -> 78.7/85.0 (multi-hop R@10/25 50.3/63.0 -> 52.1/65.6, open-domain
  // R@10 44.3 -> 46.6; temporal R@25 91.2 -> 90.5: two gold lines by the unnamed speaker); BEAM has no "Name:" turns.
  // Of the named one's own lines, questions keep 0.7 and session openers gain 0.2: LoCoMo dev R@5/10/25
  // 70.9/78.7/85.0 -> 71.1/79.0/85.7 (multi-hop 39.5/52.1/65.6 -> 40.3/52.2/66.0, temporal R@10 85.3 -> 87.2).
  speakerFocus: { window: 50, keep: 0.7, askingKeep: 0.7, openingGain: 0.2 },
  // Sequence questions (BEAM dev event ordering R@10 30.1 -> 36.9, R@25 46.6 -> 52.1); for overviews
  // it cost summarization R@10 2 points (pairs crowded out). LoCoMo has no sequence question.
  threads: { seeds: 3, share: 0.6, minSessions: 3, maxShare: 0.1 },
  // BEAM dev event ordering R@5/10 23.1/36.9 -> 25.5/38.5 (0.5 the same, 0.85 -0.8); before the names are
  // followed it cost 0.8; for overviews summarization R@10 -6 at 0.5, nothing at 0.7-0.9.
  firstMention: 0.7,
  // BEAM dev event ordering R@5/10/25 25.5/38.5/52.1 -> 29.2/39.6/54.6 (0.6: 28.4/39.7/54.6; 1: 27.0/36.0/53.6); nothing else moves.
  followUps: { seeds: 10, share: 0.5 },
  feedbackTermsWeight: 0,
  feedbackVectorWeight: 0,
  // Off: measured within noise on both dev sets at a latency cost (README, Recall; bench/ablation.ts rows `+ feedback…`).
  feedback: { docs: 5, terms: 3, vectorShare: 0.5 },
  // Exchange pairs among the best 10 (BEAM dev summarization R@5/10/25 12.1/16.6/33.9 -> 9.7/19.8/34.9;
  // among the best 40 R@25 fell to 30.4: pairs crowd out distinct matches further down).
  // An overview is told by whole exchanges across the history, not by one session: every strong
  // match passes its score to its question or answer however long it is; turns rank by their own
  // words (memories would lift the short turns they came from); averaged word vectors of long
  // replies on one broad topic all look alike.
  // The best 5 keep their places, their partners right after them (exchangeKeep): summarization
  // R@5/10/25 9.7/19.8/34.9 -> 12.1/19.8/34.9 (same-run ablation; nothing else moves).
  // A thread the overview names ("my work with Robert") is told by that name's mentions, which an
  // overview's subject recurs in more often than the 5 % that marks a speaker's name: BEAM dev
  // summarization R@10/25/50 20.4/35.2/45.2 -> 21.6/37.2/47.2 (share 0.1: unchanged; weight 0.6:
  // R@10 20.6, 1.5 the same as 1, 3: 20.7); nothing else moves. For every question it cost BEAM
  // temporal reasoning R@10 2.5 and event ordering 0.9.
  overview: { sessionBoost: 0, sessionSpread: 0.9, neighbours: 0.75, neighbourSeeds: 50, neighbourRefChars: 0, provenance: 0, messageVectorWeight: 0, exchangeHead: 10, exchangeKeep: 5, entityMaxShare: 0.2, entityWeight: 1 },
};

let current: RecallTuning = DEFAULT_TUNING;
let revision = 0;

export function recallTuning(): RecallTuning {
  return current;
}

/** Sets overrides on top of the defaults (pass `{}` to reset). For benchmarks and tests. */
export function setRecallTuning(overrides: Partial<RecallTuning>): void {
  current = { ...DEFAULT_TUNING, ...overrides };
  revision++;
}

/** Changes whenever the tuning does, so a reused recall result never outlives the tuning it was ranked with. */
export function recallTuningRevision(): number {
  return revision;
}
