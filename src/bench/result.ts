/** The JSON a benchmark run writes (`--out`): summaries per system plus every question's ranking. */
import type { LatencySummary } from './metrics.js';

/** Recall × 100 keyed by k as a string ("5", "10", …) so the JSON round-trips. */
export type RecallByK = Record<string, number>;

export interface QuestionRecord {
  id: string;
  conversationId: string;
  category: string;
  /** Counted in recall@k (has gold evidence, not an abstention probe). */
  scored: boolean;
  /** An abstention probe: the right response is "never mentioned". */
  abstain: boolean;
  gold: string[];
  /** De-duplicated evidence ids, cut at the largest k. */
  ranked: string[];
  /** 0..1 per k; null when not scored. */
  recall: RecallByK | null;
  latencyMs: number;
  answer?: string | null;
  f1?: number;
  abstained?: boolean;
  /** knowledge_update: the updated value's evidence ranks above the original's. */
  updatedFirst?: boolean;
}

export interface SystemResult {
  name: string;
  ingestMs: number;
  latency: LatencySummary;
  scoredQuestions: number;
  recall: { overall: RecallByK; byCategory: Record<string, RecallByK> };
  /** Mean token F1 × 100 of the system's answer (LoCoMo categories 1–4). */
  f1?: { overall: number; byCategory: Record<string, number>; questions: number };
  /** Share of abstention probes answered with "I don't know", and of answerable ones wrongly so. */
  abstention?: { correct: number; total: number; accuracy: number; falseAbstentionRate: number };
  knowledgeUpdate?: { updatedFirst: number; total: number; rate: number };
  questions: QuestionRecord[];
}

export interface BenchResult {
  benchmark: string;
  dataPath: string;
  startedAt: string;
  finishedAt: string;
  ks: number[];
  conversations: string[];
  categories: string[];
  /** Questions counted in recall@k. */
  scoredQuestions: number;
  systems: SystemResult[];
}
