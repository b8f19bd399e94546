import { isStopword } from '../text/stopwords.js';

/**
 * Class served: questions whose answer is a set of things gathered from across the history
 * ("What sports does Ann play?", "Which cities has she lived in?", "How many concerts did we
 * go to?"), as opposed to one value. The signal is grammatical number, not wording: the
 * question word determines a plural noun ("which cities", "what kinds of…"), the copula after
 * it is plural ("what are/were…"), or it counts a plural noun ("how many concerts"). The noun
 * after a question word must be followed by an auxiliary ("which cities has…"): a verb in -s
 * takes an object instead ("what makes Jon…", "what helps her…"). Units of
 * time and measure ("how many years", "how many dollars") ask for one amount, not a set.
 */
const WH_DETERMINER = /^(?:what|which)$/;
const PLURAL_COPULA = /^(?:are|were)$/;
const NOT_PLURAL = /(?:ss|us|is|ous|ics|'s|’s)$/;
const MEASURES = new Set([
  'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years', 'decades', 'centuries', 'times',
  'dollars', 'euros', 'pounds', 'cents', 'bucks', 'miles', 'kilometers', 'meters', 'feet', 'inches', 'kilos', 'kilograms', 'grams', 'lbs',
  'percent', 'hundreds', 'thousands', 'millions', 'ages', 'yes',
]);
// Words that can sit between the question word and its noun ("what other books", "which two cities").
const MODIFIER = /^(?:other|different|kinds?|types?|sorts?|of|new|old|main|favorite|favourite|\d+|two|three|four|five|several|specific|particular)$/;

const AUXILIARY = /^(?:do|does|did|has|have|had|is|are|was|were|will|would|can|could|should|might|may)$/;
const WORD = /[\p{L}\p{N}'’-]+/gu;

function isPluralNoun(word: string): boolean {
  return word.length >= 4 && word.endsWith('s') && !NOT_PLURAL.test(word) && !isStopword(word);
}

/** True when the question asks for a set of things rather than one value (see above). */
export function asksForSet(query: string): boolean {
  return setCategory(query) !== null;
}

/**
 * The noun naming the kind of things a set question asks for ("which cities…" → cities),
 * '' when the set is asked for by a plural copula without a plural noun after it, null when
 * the question does not ask for a set.
 */
export function setCategory(query: string): string | null {
  const tokens = query.toLowerCase().match(WORD) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    if (w === 'how' && tokens[i + 1] === 'many') {
      const noun = tokens.slice(i + 2, i + 5).find((t) => !MODIFIER.test(t));
      if (noun && isPluralNoun(noun) && !MEASURES.has(noun)) return noun;
      continue;
    }
    if (!WH_DETERMINER.test(w)) continue;
    const next = tokens[i + 1];
    if (next && PLURAL_COPULA.test(next)) return tokens.slice(i + 2).find((t) => isPluralNoun(t) && !MEASURES.has(t)) ?? '';
    const at = tokens.slice(i + 1, i + 4).findIndex((t) => !MODIFIER.test(t));
    const noun = at < 0 ? undefined : tokens[i + 1 + at];
    if (noun && isPluralNoun(noun) && !MEASURES.has(noun) && AUXILIARY.test(tokens[i + 2 + at] ?? '')) return noun;
  }
  return null;
}
