import type { Candidate } from '../recall/candidate.js';
import { salienceOf } from './salience.js';
import type { LifecycleSettings } from './settings.js';

/** Salience of a fresh, never-read memory of importance 0.5: the prior leaves it as it is. */
const NEUTRAL = 0.25;

/**
 * Salience as a recall prior: each memory's score × (1 + weight × (salience − 0.25)), never
 * below a tenth; the list is re-sorted. Weight 0 leaves the ranking as it was.
 */
export function applySaliencePrior(candidates: Candidate[], weight: number, settings: LifecycleSettings, now: Date): Candidate[] {
  if (weight === 0) return candidates;
  for (const c of candidates) {
    if (c.memory) c.score *= Math.max(0.1, 1 + weight * (salienceOf(c.memory, settings, now) - NEUTRAL));
  }
  return [...candidates].sort((a, b) => b.score - a.score);
}
