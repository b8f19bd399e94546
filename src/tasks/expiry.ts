/**
 * Task expiry. A task may carry `expiresAt`: given at `remember`, or derived from a deadline in
 * its own words ("review PR #123 by Friday", "until 2026-05-01") against the time it was said.
 * Once lapsed it leaves recall's first pass; `list` and the audit log keep it.
 */
import { parserFor } from '../ingest/date-parser.js';
import type { Memory, NewMemory } from '../types.js';

/** A deadline preposition right before the date ("by Friday", "until May 3", "due tomorrow"). */
const DEADLINE = /\b(?:by|until|till|til|before|due(?:\s+(?:on|by))?|no later than|expires?(?:\s+on)?|deadline(?:\s+is)?)\s*$/i;

/** A deadline word anywhere: without one, no date in the text can be a deadline and chrono is skipped. */
const DEADLINE_WORD = /\b(?:by|until|till|til|before|due|no later than|expires?|deadline)/i;

export function isLapsed(m: Pick<Memory, 'type' | 'expiresAt'>, at: Date): boolean {
  return m.type === 'task' && m.expiresAt !== null && m.expiresAt !== undefined && Date.parse(m.expiresAt) <= at.getTime();
}

/** The end of the deadline a task's text names, or null. `reference` resolves relative dates. */
export function expiryFromText(content: string, reference: Date): string | null {
  if (!DEADLINE_WORD.test(content)) return null;
  // Dates resolve in UTC as at ingest (resolveDates), not in the server process's time zone.
  for (const r of parserFor(content).parse(content, { instant: reference, timezone: 0 }, { forwardDate: true })) {
    if (!DEADLINE.test(content.slice(0, r.index))) continue;
    const end = r.end ?? r.start;
    const date = end.date();
    // A bare day ("by Friday") lasts until the end of that day.
    if (!end.isCertain('hour')) date.setUTCHours(23, 59, 59, 999);
    return date.toISOString();
  }
  return null;
}

/** Tasks of an extraction batch get an expiry from their own deadline, dated by when they were said. */
export function withTaskExpiry<T extends NewMemory>(memories: T[], timeOf: (m: T) => string | undefined): T[] {
  return memories.map((m) => {
    if (m.type !== 'task' || m.expiresAt) return m;
    const at = timeOf(m);
    const expiresAt = expiryFromText(m.content, at ? new Date(at) : new Date());
    return expiresAt ? { ...m, expiresAt } : m;
  });
}
