import * as chrono from 'chrono-node';
import type { TimeRange } from './analyzer.js';

const DAY = 86_400_000;

/** Resolves the first time expression in a question to an absolute range against `ref`. */
export function parseTimeRange(query: string, ref: Date): TimeRange | null {
  const results = chrono.parse(query, ref, { forwardDate: false });
  const r = results[0];
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
