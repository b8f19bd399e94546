import type { TemporalFact } from '../api.js';
import { type Candidate, candidateTime } from './candidate.js';

const DAY = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Date arithmetic computed in code, never by a model: for the best dated candidates, the date,
 * weekday and distance from the reference date, and the gap between the two best.
 */
export function temporalFacts(candidates: Candidate[], referenceDate: Date, max = 3): TemporalFact[] {
  const dated = candidates.filter((c) => candidateTime(c) !== null).slice(0, max);
  const facts: TemporalFact[] = dated.map((c) => {
    const when = new Date(candidateTime(c)!);
    return { statement: `${quote(c)} is dated ${describe(when)}, ${relative(when, referenceDate)}.`, memoryIds: [c.id] };
  });
  if (dated.length >= 2) {
    const [a, b] = dated.map((c) => new Date(candidateTime(c)!));
    const [first, second] = a <= b ? [dated[0], dated[1]] : [dated[1], dated[0]];
    const days = Math.round(Math.abs(b.getTime() - a.getTime()) / DAY);
    facts.push({ statement: `${quote(first)} came ${span(days)} before ${quote(second)}.`, memoryIds: [first.id, second.id] });
  }
  return facts;
}

export function describe(d: Date): string {
  return `${d.toISOString().slice(0, 10)} (${WEEKDAYS[d.getUTCDay()]})`;
}

export function relative(when: Date, ref: Date): string {
  const days = Math.round((ref.getTime() - when.getTime()) / DAY);
  if (days === 0) return 'the same day as the reference date';
  return days > 0 ? `${span(days)} before ${ref.toISOString().slice(0, 10)}` : `${span(-days)} after ${ref.toISOString().slice(0, 10)}`;
}

export function span(days: number): string {
  if (days < 14) return `${days} day${days === 1 ? '' : 's'}`;
  if (days < 60) return `${days} days (about ${Math.round(days / 7)} weeks)`;
  if (days < 730) return `${days} days (about ${Math.round(days / 30.44)} months)`;
  return `${days} days (about ${(days / 365.25).toFixed(1)} years)`;
}

function quote(c: Candidate): string {
  const text = c.memory?.content ?? c.message?.content ?? '';
  return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}
