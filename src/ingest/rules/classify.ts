import type { MemoryType } from '../../types.js';
import {
  ABOUT_LISTENER, CHIT_CHAT, FIRST_PERSON, IDENTITY, INSTRUCTION, LEAD_IN, NON_EVENT_PAST, PREFERENCE,
  PROJECT_STATEMENT, QUESTION_START, RECENT, TASK,
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
const MAX_CHARS = 400;

export function cleanLeadIn(sentence: string): string {
  const s = sentence.replace(/’/g, "'").replace(LEAD_IN, '').replace(/^[A-Z][a-z]+,\s+(?=I\b|my\b|we\b)/, '');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function isQuestionOrJunk(s: string): boolean {
  if (s.length > MAX_CHARS || s.split(/\s+/).length < MIN_WORDS) return true;
  if (/\?\s*$/.test(s) || QUESTION_START.test(s)) return true;
  if (!/[a-z]{3}/i.test(s) || /[{};=]|\(\)|\w\.\w+\(|<\/?[a-z]+[ >]/.test(s)) return true; // code left in prose
  return CHIT_CHAT.test(s);
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

export function classify(sentence: string, ctx: SentenceContext): Classified | null {
  const s = cleanLeadIn(sentence.trim()).replace(/[.!]+$/, '').trim();
  if (isQuestionOrJunk(s)) return null;
  const done = (type: MemoryType): Classified => ({ type, text: s, importance: importanceOf(type, s) });

  if (TASK.test(s) && (FIRST_PERSON.test(s) || /^(?:TODO|remind)/i.test(s))) return done('task');
  if (INSTRUCTION.test(s)) return ctx.named ? null : done('instruction');
  if (ctx.named && ABOUT_LISTENER.test(s)) return null;
  if (!FIRST_PERSON.test(s)) return !ctx.named && PROJECT_STATEMENT.test(s) ? done('fact') : null;
  if (/\byou\b/i.test(s) && !/\b(?:I|my|we|our)\b.*\b(?:I|my|we|our)\b/i.test(s) && ctx.named) return null;

  const verb = leadVerb(s);
  const past = (verb !== undefined && isPastTense(verb)) || /^(?:I|we)(?:'ve| have) (?:just |recently |finally )?\w+ed\b/i.test(s);
  if (past && NON_EVENT_PAST.test(s)) return null;
  if (past && (ctx.dated || RECENT.test(s))) return done('event');
  if (/^I(?:'ve| have) been \w+ing\b/i.test(s) && ctx.dated) return done('fact');
  return done('fact');
}
