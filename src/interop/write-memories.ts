import { EXPORT_FORMAT, EXPORT_VERSION, type ProfileApi } from '../api.js';
import { isMnemoError } from '../errors.js';
import { normalizeContent } from '../ids.js';
import type { AuditEntry, Memory } from '../types.js';

export interface MemoryImportResult {
  /** Memories written. */
  written: number;
  /** Already in the profile (same id, or the same type and content active). */
  skipped: number;
  /** Written as superseded because a newer memory holds the same topic key. */
  superseded: number;
  /**
   * Imported memories newer than an active profile memory with the same topic key. The profile's
   * import path cannot supersede existing rows, so both stay active (see the report to the lead).
   */
  conflicts: { topicKey: string; existingId: string; importedId: string }[];
}

const KEYED = new Set(['fact', 'instruction']);

/**
 * Writes fully built memories through `profile.import` (one transaction: all or nothing).
 * Topic-key supersession is decided here, among the batch and against the profile's active
 * memories, because the import path loads rows as given.
 */
export async function importMemories(profile: ProfileApi, batch: Memory[], source: Record<string, unknown>, files: Map<string, string> = new Map()): Promise<MemoryImportResult> {
  const existing = await listActive(profile);
  const byContent = new Set(existing.map((m) => `${m.type}\0${normalizeContent(m.content)}`));
  const ids = new Set(existing.map((m) => m.id));
  const seen = new Set<string>();
  const fresh = batch.filter((m) => {
    const k = `${m.type}\0${normalizeContent(m.content)}`;
    if (ids.has(m.id) || byContent.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  }).map((m) => ({ ...m }));
  const conflicts: MemoryImportResult['conflicts'] = [];
  const holders = new Map<string, Memory>();
  for (const m of existing) if (m.topicKey && KEYED.has(m.type)) holders.set(m.topicKey, m);
  const byAge = [...fresh].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  let superseded = 0;
  for (const m of byAge) {
    if (!m.topicKey || !KEYED.has(m.type) || m.status !== 'active') continue;
    const holder = holders.get(m.topicKey);
    if (holder && holder.createdAt > m.createdAt) {
      Object.assign(m, { status: 'superseded', supersededBy: holder.id });
      superseded++;
      continue;
    }
    if (holder && fresh.includes(holder)) {
      Object.assign(holder, { status: 'superseded', supersededBy: m.id });
      superseded++;
    } else if (holder) conflicts.push({ topicKey: m.topicKey, existingId: holder.id, importedId: m.id });
    holders.set(m.topicKey, m);
  }
  if (fresh.length) {
    const at = new Date().toISOString();
    const audit: AuditEntry[] = fresh.map((m) => ({ id: 0, at, action: 'import', memoryId: m.id, detail: { ...source, ...(files.has(m.id) ? { file: files.get(m.id) } : {}) } }));
    await profile.import({ format: EXPORT_FORMAT, version: EXPORT_VERSION, profile: profile.name, exportedAt: at, messages: [], memories: fresh, audit }, { strategy: 'merge' });
  }
  return { written: fresh.length, skipped: batch.length - fresh.length, superseded, conflicts };
}

/** Every active memory of the profile; none for a profile that does not exist yet. */
export async function listActive(profile: ProfileApi): Promise<Memory[]> {
  const out: Memory[] = [];
  let cursor: string | undefined;
  do {
    const page = await profile.list({ status: 'active', limit: 1000, cursor }).catch((err: unknown) => {
      if (isMnemoError(err) && err.code === 'not_found') return { items: [], nextCursor: null };
      throw err;
    });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
