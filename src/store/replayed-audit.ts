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
