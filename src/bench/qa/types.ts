/** The question-answering benchmark's own view of a dataset: questions with reference answers. */
import type { BenchMessage } from '../types.js';

export const QA_FORMATS = ['locomo', 'longmemeval', 'beam'] as const;
export type QaFormat = (typeof QA_FORMATS)[number];

export interface QaQuestion {
  id: string;
  question: string;
  /** Reference answer (LongMemEval: the rubric or, for `_abs` questions, the explanation). */
  answer: string;
  /** LoCoMo category label, LongMemEval question_type or BEAM ability. */
  category: string;
  /** The right response is that the conversation never says. */
  abstain: boolean;
  /** ISO-8601 "now" of the question. */
  referenceDate: string;
  /** LoCoMo's numeric category (its F1 variants depend on it). */
  locomoCategory?: number;
  /** Evidence turn ids (LongMemEval: the turns marked `has_answer`). */
  goldTurns: string[];
  /** LongMemEval `answer_session_ids`. */
  goldSessions?: string[];
}

export interface QaConversation {
  id: string;
  messages: BenchMessage[];
  questions: QaQuestion[];
}

export interface QaDataset {
  format: QaFormat;
  path: string;
  conversations: QaConversation[];
}

/** The three ways a question is answered in one run. */
export const QA_SYSTEMS = ['mnemo', 'full-context', 'no-memory'] as const;
export type QaSystem = (typeof QA_SYSTEMS)[number];
export type QaBaseline = Exclude<QaSystem, 'mnemo'>;

export interface CallUsage {
  inputTokens: number;
  outputTokens: number;
}

/** One system's answer to one question, with the judge's verdict and the scores. */
export interface QaRecord {
  conversationId: string;
  questionId: string;
  category: string;
  abstain: boolean;
  system: QaSystem;
  /** The full conversation did not fit the model's window: not asked. */
  skipped?: boolean;
  answer: string;
  correct: boolean;
  f1: number | null;
  bleu1: number | null;
  /** The answer says the information is not there (LoCoMo's string rule). */
  abstained: boolean;
  answerUsage: CallUsage;
  judgeUsage: CallUsage;
  /** Cache keys of the answer and the verdict: a prompt asked twice is paid once. */
  answerKey: string;
  judgeKey: string;
  /** Recall (mnemo only) plus the answer call, in ms. */
  latencyMs: number;
  /** Answer and verdict came from the resume cache. */
  cached: boolean;
  /** Tokens of the context given to the model. */
  contextTokens: number;
}

/** Retrieval recall of one LongMemEval question, 0..1 each. */
export interface RetrievalRecord {
  questionId: string;
  turn: { at5: number; at10: number; inContext: number };
  session: { at5: number; at10: number; inContext: number };
}
