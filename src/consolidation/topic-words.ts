import { stemmer } from 'stemmer';
import { keywords } from '../text/tokenize.js';

// Words that say how something was said, not what it is about; grouping on them gathers noise.
const FILLER = new Set(
  `others other really thing things something stuff lot lots time times going want wants wanted make made get got
  good great new also one two way since still even back well much many every day days year years week weeks month
  months ago trying need needs use using used like love loves loved able sure pretty kind yesterday today tonight
  tomorrow last next recently lately especially together always never actually definitely awesome amazing feel
  feels felt think thought know knew take took look looks looking help helps helped keep start started find found
  said says tell told come came go went gone doing done able glad happy excited busy right just first`.split(/\s+/),
);

/** Stems seen, memoized: a profile repeats its vocabulary (bounded: cleared when full). */
const stems = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

function stemOf(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(word, (s = stemmer(word)));
  }
  return s;
}

/** Stemmed content words of a memory (subject and filler left out): what it is about. */
export function topicWords(text: string, subject: string | null): Map<string, string> {
  const out = new Map<string, string>();
  const who = subject?.toLowerCase();
  for (const w of keywords(text)) {
    if (w === who || w.length < 4 || /\d/.test(w) || FILLER.has(w)) continue;
    const stem = stemOf(w);
    if (FILLER.has(stem) || out.has(stem)) continue;
    out.set(stem, w);
  }
  return out;
}
