import type { MemoryType } from '../../types.js';
import {
  ABOUT_LISTENER, CHIT_CHAT, FIRST_PERSON, IDENTITY, IMPERATIVE, INSTRUCTION, LEAD_IN, NON_EVENT_PAST, NOTE_LABEL, OPEN_WORK,
  PREFERENCE, PROJECT_STATEMENT, QUESTION_START, RECENT, TASK,
} from './patterns.js';
import { isPastTense } from './verbs.js';

export interface Classified {
  type: MemoryType;
  /** The sentence with lead-in fillers removed, still in first person. */
  text: string;
  importance: number;
}

export interface SentenceContext {
  /** A named speaker in a dialogue between people (no instructions to an agent). */
  named: boolean;
  /** Whether a time expression was resolved in the sentence. */
  dated: boolean;
}

const MIN_WORDS = 4;
// "I'll send the numbers by tomorrow" is a commitment, not a pleasantry like "I'll send you a pic".
const COMMITMENT = /^(?:I|we)(?:'ll| will)\b.+\bby (?:tomorrow|tonight|(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|the end of|end of|eod|eow|next week|\d)/i;
const MAX_CHARS = 400;

export function cleanLeadIn(sentence: string): string {
  const s = sentence.replace(/’/g, "'").replace(LEAD_IN, '').replace(NOTE_LABEL, '').replace(LEAD_IN, '').replace(/^[A-Z][a-z]+,\s+(?=I\b|my\b|we\b)/, '');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function isQuestionOrJunk(s: string): boolean {
  if (s.length > MAX_CHARS || s.split(/\s+/).length < MIN_WORDS) return true;
  if (/\?\s*$/.test(s) || (QUESTION_START.test(s) && !/^(?:do|does) not\b/i.test(s))) return true;
  if (!/[a-z]{3}/i.test(s) || /[{};=]|\(\)|\w\.\w+\(|<\/?[a-z]+[ >]/.test(s)) return true; // code left in prose
  return CHIT_CHAT.test(s) && !COMMITMENT.test(s);
}

/** The first verb after a first-person subject ("I just moved" → "moved"). */
function leadVerb(s: string): string | undefined {
  const m = /^(?:I|we|my \w+(?: and I)?|our \w+)\s+(?:(?:just|recently|finally|also|actually|already|first|then|even|once)\s+)*(\w+)/i.exec(s);
  return m?.[1];
}

function importanceOf(type: MemoryType, s: string): number {
  if (type === 'instruction') return 0.9;
  if (PREFERENCE.test(s)) return 0.75;
  if (IDENTITY.test(s)) return 0.7;
  if (type === 'task') return 0.6;
  if (type === 'event') return 0.6;
  return s.length > 60 ? 0.5 : 0.45;
}

// "Last week, we …", "Yesterday I …": a time phrase before the subject.
const LEADING_TIME =
  /^(?:(?:last|this|earlier this|next) (?:week|month|year|night|morning|afternoon|evening|weekend|sprint|quarter)|yesterday|today|earlier today|tonight|(?:on |last )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:a|one|two|three|few|\d+) (?:days?|weeks?|months?|years?) ago|in (?:january|february|march|april|may|june|july|august|september|october|november|december)(?: \d{4})?)\s*,?\s+/i;

// What makes an imperative a standing rule rather than a one-off request.
const RULE_CUE = /\b(?:always|never|instead|only|whenever|every ?time|by default|from now on|rather than)\b|,\s*not\s+\w|\bbefore (?:\w+ing|every|each|any)\b/i;
const RULE_LABEL = /^(?:rule of thumb|pro tip|tip|convention|policy|house rule)\s*[:,-]\s*/i;

export function classify(sentence: string, ctx: SentenceContext): Classified | null {
  const cleaned = cleanLeadIn(sentence.trim()).replace(/[.!]+$/, '').trim();
  const ruled = !ctx.named && RULE_LABEL.test(cleaned);
  const s = ruled ? cleanLeadIn(cleaned.replace(RULE_LABEL, '')) : cleaned;
  if (isQuestionOrJunk(s)) return null;
  const done = (type: MemoryType): Classified => ({ type, text: s, importance: importanceOf(type, s) });

  // Between people (named speakers) only first-person plans count; a user telling an agent about
  // open work may leave the subject out ("waiting on review for PR #123").
  if (TASK.test(s) && (FIRST_PERSON.test(s) || /^(?:TODO|remind)/i.test(s))) return done('task');
  if (!ctx.named && OPEN_WORK.test(s)) return done('task');
  if (INSTRUCTION.test(s) || (IMPERATIVE.test(s) && (ruled || RULE_CUE.test(s)))) return ctx.named ? null : done('instruction');
  if (ctx.named && ABOUT_LISTENER.test(s)) return null;
  const core = s.replace(LEADING_TIME, '');
  if (!FIRST_PERSON.test(core)) {
    if (ctx.named) return null;
    if (PROJECT_STATEMENT.test(s)) return done('fact');
    return reportsPast(core) && (ctx.dated || RECENT.test(s)) ? done('event') : null;
  }
  return classifyFirstPerson(core, ctx, done);
}

/** A statement about a thing that happened: "Deployed v2.3 …", "Production went down …" (a short subject, then a past verb). */
function reportsPast(s: string): boolean {
  const ws = s.split(/\s+/).slice(0, 5);
  for (const [i, w] of ws.entries()) {
    const word = w.replace(/[^\w'-]/g, '');
    if (/^(?:you|your|he|she|they|it|this|that|there|was|were|is|are)$/i.test(word)) return false;
    if (isPastTense(word)) return i === 0 || !/^(?:I|we)$/i.test(ws[0]!);
  }
  return false;
}

function classifyFirstPerson(s: string, ctx: SentenceContext, done: (type: MemoryType) => Classified): Classified | null {
  if (/\byou\b/i.test(s) && !/\b(?:I|my|we|our)\b.*\b(?:I|my|we|our)\b/i.test(s) && ctx.named) return null;

  const verb = leadVerb(s);
  const past = (verb !== undefined && isPastTense(verb)) || /^(?:I|we)(?:'ve| have) (?:just |recently |finally )?\w+ed\b/i.test(s);
  if (past && NON_EVENT_PAST.test(s)) return null;
  if (past && (ctx.dated || RECENT.test(s))) return done('event');
  if (/^I(?:'ve| have) been \w+ing\b/i.test(s) && ctx.dated) return done('fact');
  return done('fact');
}
