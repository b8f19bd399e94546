import type { QuestionClassId } from './question/classes.js';

/** Query analysis: turns a question into search inputs. Offline (rules) and model-based implement it. */
export interface QueryAnalyzer {
  readonly id: string;
  analyze(query: string, ctx: AnalyzeContext): Promise<QueryAnalysis>;
  /**
   * Strings one of which every topic key this analyzer could pick for `query` contains. When
   * given, `ctx.topicKeys` may hold only the keys containing one (a one-shot recall then does
   * not read them all); without it, every key.
   */
  topicKeyParts?(query: string): string[];
}

export interface AnalyzeContext {
  referenceDate: Date;
  /** Active topic keys of the profile (may be long; an analyzer may sample). */
  topicKeys: string[];
  /** Related words for a keyword (e.g. word-vector neighbours), when the embedder offers them. */
  relatedWords?: (word: string, k: number) => string[];
}

export interface TimeRange {
  start: string;
  end: string;
  /** The expression that produced it, e.g. "last week". */
  text: string;
}

export interface QueryAnalysis {
  /** Keywords of the query itself. */
  terms: string[];
  /** Synonyms and related words, searched with a lower weight. */
  expansions: string[];
  /** Ranked topic keys the answer probably lives under. */
  topicKeys: string[];
  /** A declarative sentence phrased as if it were the answer (HyDE), or null. */
  hyde: string | null;
  timeRange: TimeRange | null;
  /** The question asks about change over time or previous values. */
  wantsHistory: boolean;
  /** The question asks when / how long / in what order. */
  temporal: boolean;
  /** The question asks for an overview of a topic across the history ("summarize…", "recap…"). Optional for custom analyzers. */
  overview?: boolean;
  /** The question asks in what order things happened or were said ("list in order…"). Optional for custom analyzers. */
  order?: boolean;
  /** Every question class the question belongs to (question/classes.ts). Optional for custom analyzers. */
  classes?: QuestionClassId[];
  usage?: { calls: number; inputTokens: number; outputTokens: number };
}
