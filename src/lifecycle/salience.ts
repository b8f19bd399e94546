import type { Memory } from '../types.js';
import type { LifecycleSettings } from './settings.js';

const DAY_MS = 86_400_000;

/**
 * salience = importance × use × age, in 0..1.
 *
 * - use = 0.5 + 0.5 × a / (a + 1), where a = accessCount × 2^(−days since last access / accessHalfLifeDays):
 *   a memory never read weighs 0.5, one read often and lately approaches 1.
 * - age = 2^(−age in days / half-life of the memory's type) (the memory's own `halfLifeDays`
 *   overrides its type's). The age counts from an event's time, else from when it was written.
 *   age = 1 (no decay) for pinned memories, instructions, active tasks and a half-life of null.
 */
export function salienceOf(m: Memory, settings: LifecycleSettings, now: Date): number {
  return m.importance * useTerm(m, settings, now) * ageTerm(m, settings, now);
}

export function useTerm(m: Pick<Memory, 'accessCount' | 'lastAccessedAt'>, settings: LifecycleSettings, now: Date): number {
  if (m.accessCount <= 0) return 0.5;
  const since = m.lastAccessedAt ? daysBetween(m.lastAccessedAt, now) : 0;
  const a = m.accessCount * 2 ** (-since / settings.accessHalfLifeDays);
  return 0.5 + (0.5 * a) / (a + 1);
}

export function ageTerm(m: Memory, settings: LifecycleSettings, now: Date): number {
  if (neverDecays(m)) return 1;
  const halfLife = m.halfLifeDays ?? settings.halfLifeDays[m.type];
  if (halfLife === null || !(halfLife > 0)) return 1;
  return 2 ** (-daysBetween(m.type === 'event' ? (m.eventTime ?? m.createdAt) : m.createdAt, now) / halfLife);
}

/** Pinned memories, instructions and active tasks neither decay nor go cold. */
export function neverDecays(m: Pick<Memory, 'pinned' | 'type' | 'status'>): boolean {
  return m.pinned || m.type === 'instruction' || (m.type === 'task' && m.status === 'active');
}

/** A copy with `salience` filled in (rounded to 4 places). */
export function withSalience<T extends Memory>(m: T, settings: LifecycleSettings, now: Date): T {
  return { ...m, salience: Math.round(salienceOf(m, settings, now) * 10_000) / 10_000 };
}

function daysBetween(iso: string, now: Date): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : Math.max(0, (now.getTime() - ms) / DAY_MS);
}
