/**
 * Frontmatter fields that other file-based agent memories write and mnemo keeps:
 * - `important: true` pins the memory (its salience never decays, it never goes cold);
 * - `decay`, kept exactly as written so it round-trips; a duration (`30d`, `2w`, `6 months`,
 *   a number of days) also sets the memory's half-life;
 * - `expires`: when a task lapses;
 * - `attachment`: the pointer of a perceptual memory (kind, uri, caption, name, mimeType).
 */
import { attachmentInputSchema } from '../../attachments/schema.js';
import type { Attachment, Memory } from '../../types.js';
import type { Frontmatter } from './frontmatter.js';

export interface PortableFields {
  pinned?: true;
  decay: string | null;
  halfLifeDays: number | null;
  expiresAt: string | null;
  attachment: Attachment | null;
}

const UNIT_DAYS: Record<string, number> = { d: 1, day: 1, days: 1, w: 7, wk: 7, week: 7, weeks: 7, m: 30, mo: 30, month: 30, months: 30, y: 365, yr: 365, year: 365, years: 365 };

export function portableFieldsOf(data: Frontmatter): PortableFields {
  const important = data.important;
  if (important !== undefined && important !== null && typeof important !== 'boolean' && !/^(true|false|yes|no)$/i.test(String(important))) {
    throw new Error(`"important" must be true or false, not ${JSON.stringify(important)}`);
  }
  const pinned = important === true || /^(true|yes)$/i.test(String(important ?? ''));
  const decay = data.decay === undefined || data.decay === null ? null : String(data.decay).trim() || null;
  if (decay && decay.length > 100) throw new Error('"decay" is longer than 100 characters');
  return {
    ...(pinned ? { pinned: true as const } : {}),
    decay,
    halfLifeDays: decay ? halfLifeOf(decay) : null,
    expiresAt: expiresOf(data.expires),
    attachment: attachmentOf(data.attachment),
  };
}

/** `30d`, `2 weeks`, `6mo`, `1y`, `45` (days) → days; anything else (keep, ephemeral, …) → null. */
export function halfLifeOf(decay: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(decay.trim());
  if (!m) return null;
  const unit = m[2].toLowerCase();
  const days = unit ? UNIT_DAYS[unit] : 1;
  const value = Number(m[1]) * (days ?? NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** What a file writes for these fields (undefined ones are left out). */
export function portableFrontmatter(m: Memory, fallbackDecay: string): Record<string, unknown> {
  const written = typeof m.metadata?.decay === 'string' ? m.metadata.decay : null;
  return {
    decay: written ?? (m.halfLifeDays ? `${m.halfLifeDays}d` : fallbackDecay),
    important: m.pinned ? true : undefined,
    expires: m.expiresAt ?? undefined,
    attachment: m.attachment ? withoutNulls(m.attachment) : undefined,
  };
}

function expiresOf(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const ms = v instanceof Date ? v.getTime() : Date.parse(String(v));
  if (Number.isNaN(ms)) throw new Error(`"expires" is not a date or ISO-8601 time: ${JSON.stringify(v)}`);
  return new Date(ms).toISOString();
}

function attachmentOf(v: unknown): Attachment | null {
  if (v === undefined || v === null) return null;
  const r = attachmentInputSchema.safeParse(v);
  if (!r.success) throw new Error(`"attachment" is invalid: ${r.error.issues[0]?.message ?? 'unknown problem'}`);
  return r.data;
}

function withoutNulls(a: Attachment): Record<string, string> {
  return Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null)) as Record<string, string>;
}
