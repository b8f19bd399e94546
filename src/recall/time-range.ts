import { timeExpressions } from './time-expressions.js';
import type { TimeRange } from './analyzer.js';

const DAY = 86_400_000;

/**
 * Words every time expression chrono reads holds at least one of (a digit, a month, a weekday, a
 * relative or unit word). Most questions hold none, and parsing costs more than the rest of the
 * analysis, so they skip it. A number written `#12` (an issue, a ticket, an item) names a thing,
 * not a time: its digits count only when something other than a space or the question's end
 * follows it ("#5pm", "#5:30").
 */
export const MAY_HOLD_TIME = new RegExp([
  String.raw`(?<![#\d])\d|#\d+(?![\d\s?!]|$)`,
  String.raw`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|week|month|year|day|hour|min|sec|` +
    String.raw`fortnight|decade|morning|afternoon|evening|night|noon|midnight|tonight|today|tomorrow|yesterday|` +
    String.raw`spring|summer|autumn|winter|christmas)`,
  String.raw`\b(now|tmr|ago|last|next|this|past|coming|previous|later|earlier|fall|eve|new|one|two|three|four|five|six|` +
    String.raw`seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|o'clock|am|pm)\b`,
].join('|'), 'i');

/** Resolves the first time expression in a question to an absolute range against `ref`. */
export function parseTimeRange(query: string, ref: Date): TimeRange | null {
  if (!MAY_HOLD_TIME.test(query)) return null;
  // In UTC, as stored dates are (resolveDates), not in the server process's time zone.
  const r = timeExpressions(query, ref)[0];
  if (!r) return null;
  const start = r.start.date();
  let end: Date;
  if (r.end) end = new Date(r.end.date().getTime() + DAY);
  else if (r.start.isCertain('day')) end = new Date(startOfDay(start).getTime() + DAY);
  else if (r.start.isCertain('month')) end = addMonths(startOfMonth(start), 1);
  else end = new Date(Date.UTC(start.getUTCFullYear() + 1, 0, 1));
  const from = r.start.isCertain('day') ? startOfDay(start) : r.start.isCertain('month') ? startOfMonth(start) : start;
  return { start: from.toISOString(), end: end.toISOString(), text: r.text };
}

function startOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

function startOfMonth(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

function addMonths(d: Date, n: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}
