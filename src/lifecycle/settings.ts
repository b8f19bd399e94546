import { z } from 'zod';
import { MnemoError } from '../errors.js';
import type { MemoryType } from '../types.js';
import { zodMessage } from '../validation.js';

/**
 * Per-profile lifecycle settings (stored in the profile's meta table). A half-life of `null`
 * means "never decays". Instructions never decay and active tasks never decay whatever is set
 * (see `salience.ts`); the task half-life applies once a task is done.
 */
export interface LifecycleSettings {
  /** Days after which the age term of a memory of this type halves. */
  halfLifeDays: Record<MemoryType, number | null>;
  /** Days after which the weight of past accesses halves. */
  accessHalfLifeDays: number;
  /** A memory whose salience falls under this goes cold at the next tiering run (0 = never by salience). */
  coldBelow: number;
}

export const DEFAULT_LIFECYCLE: LifecycleSettings = {
  halfLifeDays: { fact: 365, instruction: null, event: 30, task: 14 },
  accessHalfLifeDays: 30,
  coldBelow: 0.02,
};

const halfLife = z.number({ error: 'must be a number of days or null' })
  .refine((n) => Number.isFinite(n) && n > 0, 'must be a positive number of days (or null: never decays)')
  .nullable();

export const lifecycleSettingsSchema = z.object({
  halfLifeDays: z.object({ fact: halfLife, instruction: halfLife, event: halfLife, task: halfLife }).partial().strict().optional(),
  accessHalfLifeDays: z.number().refine((n) => Number.isFinite(n) && n > 0, 'must be a positive number of days').optional(),
  coldBelow: z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').optional(),
}).strict();
export type LifecycleSettingsInput = z.input<typeof lifecycleSettingsSchema>;

/** Validates a (partial) settings change and merges it over `base`; a bad value throws before anything is stored. */
export function mergeLifecycleSettings(base: LifecycleSettings, input: unknown): LifecycleSettings {
  const r = lifecycleSettingsSchema.safeParse(input);
  if (!r.success) throw new MnemoError('invalid_input', `invalid lifecycle settings: ${zodMessage(r.error)}`);
  return {
    halfLifeDays: { ...base.halfLifeDays, ...r.data.halfLifeDays },
    accessHalfLifeDays: r.data.accessHalfLifeDays ?? base.accessHalfLifeDays,
    coldBelow: r.data.coldBelow ?? base.coldBelow,
  };
}

export const LIFECYCLE_META_KEY = 'lifecycle.settings';

/** The stored settings, defaults for what was never set. */
export function parseStoredSettings(text: string | null): LifecycleSettings {
  if (!text) return DEFAULT_LIFECYCLE;
  try {
    return mergeLifecycleSettings(DEFAULT_LIFECYCLE, JSON.parse(text));
  } catch {
    return DEFAULT_LIFECYCLE;
  }
}
