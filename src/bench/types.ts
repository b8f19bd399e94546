/** The normalized benchmark form every dataset loader produces and every system consumes. */
import type { Role } from '../types.js';

export interface BenchMessage {
  role: Role;
  content: string;
  sessionId: string;
  /** ISO-8601. */
  timestamp: string;
  /** `evidenceId` is the dataset's own turn id (LoCoMo dia_id, BEAM message id as a string). */
  metadata: { evidenceId: string };
}

export interface BenchQuestion {
  id: string;
  question: string;
  /** Evidence ids that answer the question; empty when it cannot be scored for recall. */
  gold: string[];
  /** LoCoMo category label or BEAM ability. */
  category: string;
  /** Reference answer, for token F1 (LoCoMo). */
  answer?: string;
  /** The right response is "that was never mentioned". */
  abstain: boolean;
  /** ISO-8601 "now" for the question. */
  referenceDate: string;
  /** LoCoMo's numeric category, used by its F1 variants. */
  locomoCategory?: number;
  /** BEAM knowledge_update: which gold ids hold the original and which the updated value. */
  update?: { original: string[]; updated: string[] };
}

export interface BenchConversation {
  id: string;
  messages: BenchMessage[];
  questions: BenchQuestion[];
}

/** A question is scored for recall when it has gold evidence and is not an abstention probe. */
export function isRecallScored(q: BenchQuestion): boolean {
  return !q.abstain && q.gold.length > 0;
}
