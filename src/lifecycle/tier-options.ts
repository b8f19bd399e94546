import { z } from 'zod';

/** `90d`, `12w`, `6m` (30-day months), `1y`, or a number of days. */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(d|w|m|y)?\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'd').toLowerCase();
  return n * (unit === 'w' ? 7 : unit === 'm' ? 30 : unit === 'y' ? 365 : 1);
}

const days = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : parseDuration(v);
  if (n === null || !Number.isFinite(n) || n <= 0) {
    ctx.addIssue({ code: 'custom', message: `must be a positive duration such as 90d, 12w, 6m or 1y; got ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return n;
});

export const tierOptionsSchema = z.object({
  /** Cool memories neither written nor read for this long (days, or `90d`, `12w`, `6m`, `1y`). */
  coldAfter: days.optional(),
  /** Salience threshold for this run (default: the profile's `coldBelow`). */
  coldBelow: z.number().min(0, 'coldBelow must be from 0 to 1').max(1, 'coldBelow must be from 0 to 1').optional(),
}).strict().transform((o) => ({ coldAfterDays: o.coldAfter, coldBelow: o.coldBelow }));
export type TierOptions = z.input<typeof tierOptionsSchema>;

/** The wire shape of tier options (no transforms, so it documents as JSON Schema); `tier()` validates the values. */
export const tierBodySchema = z.object({
  coldAfter: z.union([z.number(), z.string()]).optional().describe('cool memories neither written nor read for this long: days, or 90d, 12w, 6m, 1y'),
  coldBelow: z.number().optional().describe('salience threshold for this run, 0..1 (default: the profile setting)'),
}).strict();
