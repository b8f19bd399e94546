import {
  ADVICE_NOUN, ADVICE_VERB, CHANGE, DEVELOPMENT, HISTORY_SPAN, IRREGULAR_PAST, MONEY, MONEY_NOUN, PRICEY, PRIOR,
  SEQUENCE_NOUN, SPEECH, SUMMARY_NOUN, SUMMARY_VERB, TIME_RELATION, TIME_UNIT, TROUBLE,
} from './lexicon.js';
import { type QuestionShape, stemOf } from './shape.js';

/**
 * One detector per question class (see classes.ts). Each reads roles, not phrasings: a word of a
 * family in the place a request puts it, so paraphrases with other words of the family count.
 */

const OF = /^(of|on|about|for|regarding)$/;
const AUXILIARY = /^(has|have|had|did|does|do|is|are|was|were|will)$/;
const VERB_FORM = /(ed|ing|en|grew|went|came|come)$/;

/** A summary asked for: the verb, the noun with what it covers, "catch me up", or how a topic developed over the history. */
export function asksOverview(q: QuestionShape): boolean {
  if (SUMMARY_VERB.in(q) || /\bsum (?:it |this |that |them |everything )?up\b/.test(q.text)) return true;
  // "the quarterly summary" names a thing; "a summary of…" asks for one.
  if (SUMMARY_NOUN.positions(q).some((i) => OF.test(q.words[i + 1] ?? ''))) return true;
  if (/\b(?:catch|fill|bring|get) (?:me|us) (?:up|in)\b|\bup to speed\b/.test(q.text)) return true;
  // "How has my thesis evolved so far?": how, an auxiliary, the topic, a verb of development, the span.
  const how = q.words.findIndex((w, i) => w === 'how' && AUXILIARY.test(q.words[i + 1] ?? ''));
  const developed = DEVELOPMENT.positions(q).some((i) => i > how + 1 && VERB_FORM.test(q.words[i]!));
  return how >= 0 && developed && HISTORY_SPAN.test(q.text);
}

/** The order of several things asked for: a sequence noun used as one, an adverb of order, or two ends of a span. */
export function asksSequence(q: QuestionShape): boolean {
  // Matched as words: a stem would join "successively" to "successful".
  if (/\b(?:chronologically|sequentially|consecutively|successively)\b/.test(q.text)) return true;
  const asOrder = SEQUENCE_NOUN.positions(q).some((i) => {
    const before = q.words[i - 1] ?? '';
    const after = q.words[i + 1] ?? '';
    // "in order to", "the order for the catering", "my order" are not sequences.
    if (/^(to|for|from|number|form|no)$/.test(after)) return false;
    // "In what order…" asks for a sequence; "What order did I place?" asks about a purchase.
    if (/^(what|which)$/.test(before)) return /^(in|by)$/.test(q.words[i - 2] ?? '');
    if (/^(in|by|same|right|correct|proper|exact|reverse|chronological|temporal)$/.test(before)) return true;
    return before === 'the' && /^(in|that|which|they|things|events|i|we)$/.test(after);
  });
  if (asOrder) return true;
  if (/\btimeline (?:of|on|for)\b/.test(q.text)) return true;
  if (/\b(?:first|earliest|oldest|start|beginning) (?:one )?(?:to|through|until) (?:the )?(?:last|latest|newest|most recent|end|now|today)\b/.test(q.text)) return true;
  if (/\b(?:which|what) (?:came|happened|occurred|was) (?:first|earlier|sooner)\b/.test(q.text)) return true;
  return /\b(?:arrange|sort|rank|list|put|number)\b.*\bby (?:date|time|when)\b/.test(q.text);
}

/** The user asks about their own words: "I" or "we" as the subject of a verb of saying. */
export function asksOwnStatements(q: QuestionShape): boolean {
  // Said, not to be said: a past form, or "did I raise" ("what should I ask" is a request).
  return subjectThenVerb(q, /^(i|we)(?:'ve|'d)?$/, (i) => SPEECH.has(q.stems[i]!) && (isPast(q.words[i]!) || /^(did|had|have)$/.test(q.words[i - 1] ?? '') || /\bdid (?:i|we)\b/.test(q.text)));
}

/** The user asks what the assistant said: "you" then a past verb of advice or saying, a past auxiliary, or "your advice". */
export function asksAssistantWords(q: QuestionShape): boolean {
  if (/\b(?:did|have|had) you\b/.test(q.text)) return true;
  const past = (i: number) => isPast(q.words[i]!) && (ADVICE_VERB.has(q.stems[i]!) || SPEECH.has(q.stems[i]!));
  if (subjectThenVerb(q, /^you(?:'ve|'d)?$/, past)) return true;
  return q.words.some((w, i) => w === 'your' && ADVICE_NOUN.has(q.stems[i + 1] ?? ''));
}

/** Time asked about: a relation in time, a unit of time asked for, how long / soon / often, at what point. */
export function asksTime(q: QuestionShape): boolean {
  if (TIME_RELATION.in(q)) return true;
  if (/\bhow (?:long|soon|often|recently)\b|\b(?:what|which) (?:point|moment)\b/.test(q.text)) return true;
  // "How many times" counts occurrences, not time.
  return TIME_UNIT.positions(q).some((i) => q.words[i] !== 'times' && /^(what|which|many|few|several)$/.test(q.words[i - 1] ?? ''));
}

/** An earlier value or a change asked about. */
export function asksHistory(q: QuestionShape): boolean {
  if (PRIOR.in(q) || CHANGE.in(q)) return true;
  return /\bused to\b|\bno longer\b|\bany longer\b|\bat first\b|\bback (?:then|when)\b|\bat the (?:start|beginning)\b/.test(q.text);
}

/** An amount of money asked for. */
export function asksMoney(q: QuestionShape): boolean {
  if (/\bhow much\b|\bwhat amount\b/.test(q.text) && MONEY.in(q)) return true;
  if (PRICEY.positions(q).some((i) => q.words[i - 1] === 'how')) return true;
  const named = /\bwhat(?:'s| is| was| were| are)? (?:the |my |their |his |her |our |your )?(\w+)(?= (?:for|of|on|in|at)\b|$)/.exec(q.text);
  return named !== null && MONEY_NOUN.has(stemOf(named[1]!));
}

/** A length of time asked for: how long (not how long ago), the duration or length of, how many units; not the span between two events. */
export function asksDuration(q: QuestionShape): boolean {
  // The span between two events is computed from their dates, not read from a stated duration.
  if (q.words.includes('between')) return false;
  if (/\bhow long\b(?! ago)|\bhow much time\b|\b(?:duration|length) of\b/.test(q.text)) return true;
  return TIME_UNIT.positions(q).some((i) => q.words[i] !== 'times' && q.words[i - 1] === 'many' && q.words[i - 2] === 'how' && q.words[i]!.endsWith('s'));
}

/** A point in time asked for: the question opens with when, at what point, or which day / year / season. */
export function asksPointInTime(q: QuestionShape): boolean {
  if (/^(?:when|(?:at )?(?:what|which) (?:point|moment)|how long ago)\b/.test(q.text)) return true;
  const lead = /^(?:(?:on|in|at|during|for) )?(?:what|which) (\w+)/.exec(q.text);
  return lead !== null && TIME_UNIT.has(stemOf(lead[1]!));
}

function isPast(word: string): boolean {
  return word.endsWith('ed') || IRREGULAR_PAST.has(word);
}

function subjectThenVerb(q: QuestionShape, subject: RegExp, verb: (i: number) => boolean): boolean {
  return q.words.some((w, i) => {
    if (!subject.test(w)) return false;
    for (let j = i + 1; j <= i + 3 && j < q.words.length; j++) {
      if (verb(j)) return true;
      if (!/^(have|had|ve|d|just|already|ever|once|also|first|then|did|do)$/.test(q.words[j]!)) return false;
    }
    return false;
  });
}


/**
 * Troubles asked about: a word of the trouble family ("which issues came up", "how did I debug")
 * or something going wrong. Not a count ("how many challenges did I finish": there the word names
 * an exercise, not a trouble).
 */
export function asksTroubles(q: QuestionShape): boolean {
  return (TROUBLE.in(q) || /\b(?:went|go|goes|going|gone) wrong\b/.test(q.text)) && !/\bhow many\b/.test(q.text);
}

// "Across" spans the history only over what it is made of ("across my requests", not "across the bridge").
const ACROSS_WHAT = /\bacross (?:our|the|my|all|these|those)(?: \w+)? (?:sessions?|conversations?|chats?|discussions?|talks?|requests?|questions?|messages?|updates?|days|weeks|months|years)\b/;

/** Something gathered over the history rather than one moment of it: its span ("across my sessions", "so far", "over the past months"). */
export function asksAcrossHistory(q: QuestionShape): boolean {
  const span = HISTORY_SPAN.exec(q.text);
  if (!span) return false;
  return !span[0].startsWith('across') || ACROSS_WHAT.test(q.text);
}
