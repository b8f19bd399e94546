import type { TemporalFact } from '../api.js';

/** Writes the answer from ranked evidence. Offline (extractive) and model-based implement it. */
export interface Synthesizer {
  readonly id: string;
  synthesize(input: SynthesisInput): Promise<SynthesisOutput>;
}

export interface Evidence {
  id: string;
  kind: 'memory' | 'message';
  type?: string;
  content: string;
  /** ISO time the evidence refers to (event time or message time), if known. */
  time: string | null;
  score: number;
  /** A memory's topic key, when the question matched it (its words count as matched). */
  matchedKey?: string | null;
}

export interface SynthesisInput {
  query: string;
  referenceDate: Date;
  evidence: Evidence[];
  temporal: TemporalFact[];
  /** Fused-score confidence in 0..1 computed before synthesis. */
  confidence: number;
  /** The question asks for an overview or an order of events (answer as a dated timeline). */
  timeline?: boolean;
}

export interface SynthesisOutput {
  /** null when the evidence does not answer the question (abstain). */
  answer: string | null;
  citedIds: string[];
  confidence: number;
  usage?: { calls: number; inputTokens: number; outputTokens: number };
}
