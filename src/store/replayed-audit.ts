import type { AuditEntry, Metadata } from '../types.js';

/**
 * Audit entries copied in by an import keep their history but are not new changes: they carry
 * `replayed: true`, the change-event reader skips them, and the import adds one summary
 * `import` entry (the `imported` event) instead.
 */
export const REPLAYED = 'replayed';

export function markReplayed(detail: Metadata | null | undefined): Metadata {
  return { ...(detail ?? {}), [REPLAYED]: true };
}

/** The import's own summary entry: an event of this profile, not history a dump carries elsewhere. */
export function isImportSummary(e: Pick<AuditEntry, 'action' | 'detail'>): boolean {
  return e.action === 'import' && e.detail?.summary === true;
}

/** The audit as a dump carries it: without import summaries, entries as they were in their origin. */
export function dumpedAudit(entries: AuditEntry[]): AuditEntry[] {
  return entries.filter((e) => !isImportSummary(e)).map(withoutReplayedMark);
}

/** For a dump: the entry as it was in its origin (the marker is re-added by the next import). */
export function withoutReplayedMark(e: AuditEntry): AuditEntry {
  if (!isReplayed(e)) return e;
  const { [REPLAYED]: _mark, ...rest } = e.detail!;
  return { ...e, detail: Object.keys(rest).length ? rest : null };
}

export function isReplayed(e: Pick<AuditEntry, 'detail'>): boolean {
  return e.detail?.[REPLAYED] === true;
}

export function importSummary(auditEntries: number, memories: number, messages: number): Metadata {
  return { summary: true, auditEntries, memories, messages };
}
