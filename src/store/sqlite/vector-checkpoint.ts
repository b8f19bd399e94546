import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { type AnnManifest, databaseId, readAnnFiles } from './vector-ann-files.js';
import { type LogDelta, logBounds, logReaches, readLog } from './vector-log.js';

export interface AnnCheckpoint {
  files: { manifest: AnnManifest; idsText: string; graphPath: string };
  /** What changed in the table between the saved graph and log position `rev`. */
  delta: LogDelta;
}

/**
 * The saved HNSW files of `kind` and the log since they were saved, up to `rev` (inside the
 * caller's read transaction). Null when nothing was saved; throws when the files do not fit this
 * database: another database's id, a checkpoint the pruned log no longer reaches, or a `clear` since.
 */
export function readAnnCheckpoint(conn: Connection, kind: VectorKind, prefix: string, rev: number, verify: 'checksum' | 'stamp'): AnnCheckpoint | null {
  const files = readAnnFiles(prefix, kind, verify);
  if (!files) return null;
  return { files, delta: checkpointDelta(conn, kind, files.manifest, rev) };
}

/** What changed since the files' checkpoint up to `rev`; throws when the files do not fit this database (see readAnnCheckpoint). */
export function checkpointDelta(conn: Connection, kind: VectorKind, manifest: AnnManifest, rev: number): LogDelta {
  if (manifest.dbId !== databaseId(conn, false)) throw new Error('files belong to another database');
  if (!logReaches(logBounds(conn), manifest.rev) || manifest.rev > rev) throw new Error(`checkpoint ${manifest.rev} is outside the kept log`);
  const delta = readLog(conn, kind, manifest.rev, rev);
  if (delta.cleared) throw new Error('vectors were cleared after the checkpoint');
  return delta;
}
