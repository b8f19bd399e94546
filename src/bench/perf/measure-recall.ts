/** recall() latency over questions from the generated facts, with a plain FTS5 BM25 baseline on the same store. */
import type { ProfileApi } from '../../api.js';
import type { Store } from '../../store/store.js';
import { keywords } from '../../text/tokenize.js';
import { meanTimings, timeEach, type LatencySummary } from './latency.js';
import type { PerfQuestion } from './questions.js';

export interface RecallMeasurement {
  recall: LatencySummary;
  /** `store.searchMemories` alone with the question's keywords, limit 50. */
  ftsBaseline: LatencySummary;
  /** Mean milliseconds per stage, from recall's own `timings` (analyze, channels, fuse, synthesize). */
  stages: Record<string, number>;
  /** The first recall of the run (cold caches: vector index load, word vectors). */
  firstMs: number;
  /** Share of questions whose source memory (or its successor under the same key) came back in the top 10. */
  hitRate: number;
}

export async function measureRecall(profile: ProfileApi, store: Store, questions: PerfQuestion[], sourceIds: (q: PerfQuestion) => string): Promise<RecallMeasurement> {
  const t = performance.now();
  await profile.recall(questions[0].query, { synthesize: true, limit: 10 });
  const firstMs = performance.now() - t;
  const timings: Record<string, number>[] = [];
  let hits = 0;
  const recall = await timeEach(questions, (q) => profile.recall(q.query, { synthesize: true, limit: 10 }), (r, i) => {
    timings.push(r.timings);
    if (r.memories.some((m) => m.id === sourceIds(questions[i]))) hits++;
  });
  const ftsBaseline = await timeEach(questions, (q) => store.searchMemories({ terms: keywords(q.query) }, { limit: 50 }));
  return { recall, ftsBaseline, stages: meanTimings(timings), firstMs, hitRate: hits / questions.length };
}
