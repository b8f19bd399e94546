import type { Attachment, Memory, MemoryPerceptionField } from '../types.js';

/** A memory's task expiry and attachment pointer, as both stores map them. */
export type MemoryPerception = Pick<Memory, MemoryPerceptionField>;

export const DEFAULT_PERCEPTION: MemoryPerception = Object.freeze({ expiresAt: null, attachment: null }) as MemoryPerception;

/** Columns expires_at (ISO text) and attachment (JSON text or an already parsed object). */
export function perceptionFromColumns(expiresAt: string | null, attachment: unknown): MemoryPerception {
  const parsed = typeof attachment === 'string' ? (JSON.parse(attachment) as Attachment) : ((attachment ?? null) as Attachment | null);
  return { expiresAt: expiresAt ?? null, attachment: parsed };
}

/** The fields with defaults filled (writers may leave them out). */
export function perceptionOf(m: Partial<MemoryPerception>): MemoryPerception {
  return { expiresAt: m.expiresAt ?? null, attachment: m.attachment ?? null };
}
