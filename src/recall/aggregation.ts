import { isStopword } from '../text/stopwords.js';

/**
 * Class served: requests whose answer is a set of things gathered from across the history
 * ("Which cities has Ana lived in?", "What were her reasons?", "Name every town she called
 * home"), as opposed to one value. The signal is grammatical, not wording:
 * - a question word determines a plural noun followed by its auxiliary ("which cities has…",
 *   "what kinds of books does…"; a verb in -s takes an object instead: "what makes Jon…"), the
 *   noun possibly after content words describing it ("what martial arts has…");
 * - the copula after the question word is plural ("what are/were…");
 * - a request opens with its verb (not a preposition or participle) and, as its object, a plural
 *   noun or a universally quantified one ("list the cities…", "tell me all the books…", "name
 *   every town…"); asked as a question only behind "can/could/would you".
 * A count ("how many sources are in…") is one number, often restated as it changes, and units
 * of time and measure ("which years…") name one amount: neither is a set here.
 */
const WH_DETERMINER = /^(?:what|which)$/;
const PLURAL_COPULA = /^(?:are|were)$/;
const AUXILIARY = /^(?:do|does|did|has|have|had|is|are|was|were|will|would|can|could|should|might|may)$/;
const NOT_PLURAL = /(?:ss|us|is|ous|ics|'s|’s)$/;
const MEASURES = new Set([
  'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years', 'decades', 'centuries', 'times',
  'dollars', 'euros', 'pounds', 'cents', 'bucks', 'miles', 'kilometers', 'meters', 'feet', 'inches', 'kilos', 'kilograms', 'grams', 'lbs',
  'percent', 'hundreds', 'thousands', 'millions', 'ages',
]);
// Words that can sit between a determiner and its noun ("what other books", "which two cities").
const MODIFIER = /^(?:other|different|kinds?|types?|sorts?|of|the|new|old|main|favorite|favourite|\d+|two|three|four|five|several|specific|particular)$/;
// How a request may open before its verb, and the listener it may name after it.
const POLITE = /^(?:can|could|would|will|please|you)$/;
const LISTENER = /^(?:me|us)$/;
// A request's object: a determiner, and whether it quantifies over every member (then a singular noun is a set too).
const DETERMINER = /^(?:the|all|every|each|some|any|my|our|his|her|their|those|these)$/;
const UNIVERSAL = /^(?:all|every|each)$/;
// Words that cannot be a request's verb: question words, auxiliaries, pronouns, determiners.
const NOT_VERB = /^(?:what|which|who|whom|whose|when|where|why|how|i|we|he|she|they|it|you|there|this|that|these|those|a|an|the|my|our|if|and|but|so|then|also|did|does|do|is|are|was|were|has|have|had|in|on|at|for|from|with|about|after|before|during|since|by|of|to|as|given|based)$|(?:ing|ed)$/;

const WORD = /[\p{L}\p{N}'’-]+/gu;

function isPluralNoun(word: string): boolean {
  return word.length >= 4 && word.endsWith('s') && !NOT_PLURAL.test(word) && !isStopword(word) && !MEASURES.has(word);
}

/** True when the request asks for a set of things rather than one value (see above). */
export function asksForSet(query: string): boolean {
  return setCategory(query) !== null;
}

/**
 * The noun naming the kind of things a set request asks for ("which cities…" → cities), ''
 * when the set is asked for without naming its kind ("what were her reasons" names it; "what
 * are they" does not), null when the request is not for a set.
 */
export function setCategory(query: string): string | null {
  const tokens = query.toLowerCase().match(WORD) ?? [];
  return fromQuestionWord(tokens) ?? fromRequest(tokens, query.trim().endsWith('?'));
}

function fromQuestionWord(tokens: string[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    if (!WH_DETERMINER.test(tokens[i]!)) continue;
    if (PLURAL_COPULA.test(tokens[i + 1] ?? '')) return tokens.slice(i + 2).find(isPluralNoun) ?? '';
    const at = firstNonModifier(tokens, i + 1, 3);
    if (at >= 0 && isPluralNoun(tokens[at]!) && AUXILIARY.test(tokens[at + 1] ?? '')) return tokens[at]!;
    const head = describedNoun(tokens, i + 1);
    if (head) return head;
  }
  return null;
}

/** A request is imperative ("list the…"), or a question only when it asks politely ("could you list the…?"). */
function fromRequest(tokens: string[], asked: boolean): string | null {
  let i = 0;
  while (i < tokens.length && POLITE.test(tokens[i]!)) i++;
  if (asked && i === 0) return null;
  if (i >= tokens.length || NOT_VERB.test(tokens[i]!)) return null;
  i++;
  if (LISTENER.test(tokens[i] ?? '')) i++;
  const determiner = tokens[i];
  if (!determiner || !DETERMINER.test(determiner)) return null;
  const at = firstNonModifier(tokens, i + 1, 3);
  if (at < 0) return null;
  const noun = tokens[at]!;
  if (isPluralNoun(noun)) return noun;
  return UNIVERSAL.test(determiner) && !isStopword(noun) && !MEASURES.has(`${noun}s`) ? noun : null;
}

/**
 * A plural noun after words that describe it, ending the phrase the question word determines
 * ("what martial arts has…", "which European countries did…", "what musical artists/bands has…"):
 * describing words are content words (not stopwords, question words or auxiliaries), at most
 * `ADJECTIVES` of them, and the noun is followed by the phrase's auxiliary.
 */
const ADJECTIVES = 3;
function describedNoun(tokens: string[], from: number): string | null {
  for (let j = from; j < Math.min(tokens.length - 1, from + ADJECTIVES + 1); j++) {
    const w = tokens[j]!;
    if (AUXILIARY.test(tokens[j + 1]!) && j > from) return isPluralNoun(w) ? w : null;
    if (isStopword(w) || AUXILIARY.test(w) || WH_DETERMINER.test(w) || NOT_VERB.test(w)) return null;
  }
  return null;
}

function firstNonModifier(tokens: string[], from: number, span: number): number {
  for (let j = from; j < Math.min(tokens.length, from + span); j++) if (!MODIFIER.test(tokens[j]!)) return j;
  return -1;
}
