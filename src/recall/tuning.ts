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
  /** Overview questions ("summarize how…", found by the analyzer) rank with `overview`. */
  overviewMode: boolean;
  /** Overrides for overview questions (see `DEFAULT_TUNING`). */
  overview: Partial<Omit<RecallTuning, 'overview' | 'overviewMode'>>;
  /** Weight of salience as a prior on memory scores (src/lifecycle/prior.ts; 0: off). */
  salienceWeight: number;
  /** In a profile with cold memories, recall escalates past the hot tier while its confidence is under this. */
  escalateBelow: number;
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
  overviewMode: true,
  // Chosen on the dev sets (bench/ablation.ts): 1 vs 0 gives LoCoMo R@10 75.4 vs 75.3, BEAM 63.0 vs 62.4.
  salienceWeight: 1,
  escalateBelow: 0.5,
  // An overview is told by whole exchanges across the history, not by one session: every strong
  // match passes its score to its question or answer however long it is; turns rank by their own
  // words (memories would lift the short turns they came from); averaged word vectors of long
  // replies on one broad topic all look alike.
  overview: { sessionBoost: 0, sessionSpread: 0.9, neighbours: 0.75, neighbourSeeds: 50, neighbourRefChars: 0, provenance: 0, messageVectorWeight: 0 },
};

let current: RecallTuning = DEFAULT_TUNING;

export function recallTuning(): RecallTuning {
  return current;
}

/** Sets overrides on top of the defaults (pass `{}` to reset). For benchmarks and tests. */
export function setRecallTuning(overrides: Partial<RecallTuning>): void {
  current = { ...DEFAULT_TUNING, ...overrides };
}
