import type { Embedder } from '../models/embedder.js';
import { dot } from '../models/embedders/vector-math.js';
import { keywords } from '../text/tokenize.js';
import type { Candidate } from './candidate.js';
import { localWordVectors } from './word-vectors.js';

/** Words of a candidate compared (a long reply states its items early enough; bounds the cost). */
const MAX_WORDS = 80;

/**
 * A set question names the kind of its items ("what instruments…", "which cities…"); the items
 * themselves are members of that kind (clarinet, violin; Paris, Lyon), words close to it in the
 * embedding space though not the same word. Candidates among the best `window` holding such a
 * word (similarity over `floor`, the question's own words excluded) gain `boost` × their score,
 * scaled by how far over the floor the closest word is. Only for embedders with local word
 * vectors (a remote model is not called per word).
 */
export async function boostCategoryMembers(
  ranked: Candidate[],
  category: string,
  queryWords: string[],
  embedder: Embedder | null,
  opts: { boost: number; floor: number; window: number },
): Promise<Candidate[]> {
  const vectorOf = localWordVectors(embedder);
  if (opts.boost <= 0 || !category || !vectorOf) return ranked;
  const target = await vectorOf(category);
  if (!target) return ranked;
  const own = new Set(queryWords.map((w) => w.slice(0, 5)));
  for (const c of ranked.slice(0, opts.window)) {
    const text = c.message?.content ?? c.memory?.content;
    if (!text) continue;
    let best = 0;
    for (const w of keywords(text).slice(0, MAX_WORDS)) {
      if (own.has(w.slice(0, 5))) continue;
      const v = await vectorOf(w);
      if (v) best = Math.max(best, dot(v, target));
    }
    if (best > opts.floor) c.score *= 1 + opts.boost * ((best - opts.floor) / (1 - opts.floor));
  }
  return ranked;
}
