import { keywords } from '../text/tokenize.js';
import type { AnalyzeContext, QueryAnalysis, QueryAnalyzer } from './analyzer.js';
import { withoutClassifiers } from './classifier-words.js';
import { overviewTerms } from './overview.js';
import { classifyQuestion } from './question/classes.js';
import { keyStems, matchTopicKeys } from './topic-match.js';
import { parseTimeRange } from './time-range.js';

const QUESTION_LEAD = /^\s*(what|when|where|who|whom|which|why|how( many| much| long| often)?|did|does|do|is|are|was|were|has|have|had|can|could|would|will|should)\b\s*/i;

export interface OfflineAnalyzerOptions {
  /** Related words for a keyword (e.g. word-vector neighbours); at most `k`. */
  relatedWords?: (word: string, k: number) => string[];
}

/** Rule-based query analysis: keywords, related words, topic keys, a HyDE rewrite, time range. */
export function createOfflineAnalyzer(opts: OfflineAnalyzerOptions = {}): QueryAnalyzer {
  return {
    id: 'offline@1',
    // The terms below are a subset of the query's keywords, and a key matches only by containing a term's stem.
    topicKeyParts: (query: string) => keyStems(keywords(query)),
    async analyze(query: string, ctx: AnalyzeContext): Promise<QueryAnalysis> {
      const classes = classifyQuestion(query);
      const overview = classes.has('overview');
      const order = classes.has('sequence');
      const words = withoutClassifiers(keywords(query), query);
      const terms = overview || order ? overviewTerms(words, query) : words;
      const expansions = expand(terms, opts.relatedWords ?? ctx.relatedWords);
      const timeRange = parseTimeRange(query, ctx.referenceDate);
      return {
        terms,
        expansions,
        topicKeys: matchTopicKeys(terms, ctx.topicKeys, 5),
        hyde: declarativeRewrite(query, expansions),
        timeRange,
        wantsHistory: classes.has('history'),
        temporal: classes.has('time') || timeRange !== null,
        overview,
        order,
        classes: [...classes],
      };
    },
  };
}

function expand(terms: string[], related: OfflineAnalyzerOptions['relatedWords']): string[] {
  if (!related) return [];
  const seen = new Set(terms);
  const out: string[] = [];
  for (const t of terms.slice(0, 8)) {
    for (const w of related(t, 3)) {
      if (!seen.has(w)) {
        seen.add(w);
        out.push(w);
      }
    }
  }
  return out;
}

/** "When did Ann move to Paris?" → "Ann move to Paris" plus related words: the shape of an answer. */
export function declarativeRewrite(query: string, expansions: string[]): string | null {
  const stripped = query.replace(QUESTION_LEAD, '').replace(/[?!.]+\s*$/, '').trim();
  if (!stripped) return null;
  return [stripped, ...expansions].join(' ');
}
