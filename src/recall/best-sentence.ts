import { sentences } from '../text/sentences.js';
import { keywords } from '../text/tokenize.js';


/** The sentence of `content` sharing most words with `terms` (5-letter prefixes), the first on ties. */
export function bestSentence(content: string, terms: Set<string>): { text: string; overlap: number } | null {
  let best: { text: string; overlap: number } | null = null;
  for (const sentence of sentences(content)) {
    const text = sentence.trim();
    if (!text) continue;
    const overlap = keywords(text).filter((w) => terms.has(w.slice(0, 5))).length;
    if (!best || overlap > best.overlap) best = { text, overlap };
  }
  return best;
}
