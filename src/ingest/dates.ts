import type * as chrono from 'chrono-node/en';
import { parserFor } from './date-parser.js';

/** A time expression found in a sentence, resolved against the message time. */
export interface ResolvedDate {
  /** The expression as written ("yesterday", "last Saturday"). */
  text: string;
  index: number;
  /** ISO-8601 instant (UTC) of the start of the expression. */
  iso: string;
  /** Compact absolute form: `2023-05-07`, `week of 2023-05-01`, `2023-05` or `2023`. */
  label: string;
  /** True when the expression already states the absolute date (nothing to annotate). */
  explicit: boolean;
}

// chrono costs ~75 µs per sentence; this cheap test skips the ~90% of sentences with no date words.
const DATE_WORDS =
  /\b(?:yesterday|today|tonight|tomorrow|ago|last|next|past|this (?:week|month|year|morning|afternoon|evening|weekend)|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|may \d|\d{1,2} may|(?:19|20)\d{2}|\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.-]\d{1,2})\b/i;

const BARE_YEAR = /\b(?:in|since|during|by|until|of)\s+((?:19|20)\d{2})\b(?![-/.]\d)/i;
const PART_OF_DAY = /morning|afternoon|evening|night|tonight/i;

export function mayContainDate(text: string): boolean {
  return DATE_WORDS.test(text);
}

/** Reference instant and UTC offset (minutes) of an ISO timestamp, or null when unusable. */
export function referenceOf(timestamp: string | null): { instant: Date; timezone: number } | null {
  if (!timestamp) return null;
  const instant = new Date(timestamp);
  if (Number.isNaN(instant.getTime())) return null;
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(timestamp);
  const timezone = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return { instant, timezone };
}

const pad = (n: number) => String(n).padStart(2, '0');

function labelFor(r: chrono.ParsedResult): string | null {
  const c = r.start;
  const y = c.get('year');
  const mo = c.get('month');
  const d = c.get('day');
  if (y == null || mo == null || d == null) return null;
  const hasDay = c.isCertain('day') || c.isCertain('weekday') || PART_OF_DAY.test(r.text) ||
    /\b(?:day|yesterday|today|tomorrow|tonight)s?\b/i.test(r.text);
  if (/\bweek\b/i.test(r.text) && !c.isCertain('weekday')) return `week of ${y}-${pad(mo)}-${pad(d)}`;
  if (hasDay) return `${y}-${pad(mo)}-${pad(d)}`;
  if (c.isCertain('month')) return `${y}-${pad(mo)}`;
  if (c.isCertain('year')) return String(y);
  return null;
}

function isNoise(r: chrono.ParsedResult): boolean {
  const t = r.text.trim();
  if (/^(?:now|sat|sun|wed|mar|sec|second)$/i.test(t) || /^for\b/i.test(t)) return true;
  const c = r.start;
  const hasDate = c.isCertain('day') || c.isCertain('month') || c.isCertain('year') || c.isCertain('weekday');
  return !hasDate && !PART_OF_DAY.test(t) && !/\b(?:ago|yesterday|today|tomorrow|week|month|year)\b/i.test(t);
}

/** Time expressions in `text`, resolved against `timestamp` (the time the message was said). */
export function resolveDates(text: string, timestamp: string | null): ResolvedDate[] {
  if (!mayContainDate(text)) return [];
  const ref = referenceOf(timestamp) ?? { instant: new Date(), timezone: 0 };
  const out: ResolvedDate[] = [];
  for (const r of parserFor(text).parse(text, ref, { forwardDate: false })) {
    if (isNoise(r)) continue;
    const label = labelFor(r);
    if (!label) continue;
    const explicit = r.start.isCertain('year') && /\d{4}/.test(r.text);
    out.push({ text: r.text, index: r.index, iso: r.start.date().toISOString(), label, explicit });
  }
  const year = out.length === 0 ? BARE_YEAR.exec(text) : null;
  if (year) {
    const index = year.index + year[0].length - 4;
    out.push({ text: year[1]!, index, iso: `${year[1]}-01-01T00:00:00.000Z`, label: year[1]!, explicit: true });
  }
  return out;
}

/** Appends the absolute date after each relative expression: "yesterday" → "yesterday (2023-05-07)". */
export function annotateDates(text: string, dates: ResolvedDate[]): string {
  let out = text;
  for (const d of [...dates].sort((a, b) => b.index - a.index)) {
    if (d.explicit) continue;
    const end = d.index + d.text.length;
    out = `${out.slice(0, end)} (${d.label})${out.slice(end)}`;
  }
  return out;
}
