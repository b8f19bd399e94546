import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { type AnnManifest, databaseId, readAnnFiles } from './vector-ann-files.js';
import { purgedSinceSave, removeAnnFiles } from './vector-ann-purge.js';
import { type LogDelta, logBounds, logReaches, readLog } from './vector-log.js';
import { purgeGeneration } from './purge-marker.js';

export interface AnnCheckpoint {
  files: { manifest: AnnManifest; idsText: string; graphPath: string };
  /** What changed in the table between the saved graph and log position `rev`. */
  delta: LogDelta;
}

/**
 * The saved HNSW files of `kind` and the log since they were saved, up to `rev` (inside the
 * caller's read transaction). Null when nothing was saved; throws when the files do not fit this
 * database: another database's id, a checkpoint the pruned log no longer reaches, a `clear` since,
 * or a purge since (those files are removed: they may hold the erased vectors).
 */
export function readAnnCheckpoint(conn: Connection, kind: VectorKind, prefix: string, rev: number, verify: 'checksum' | 'stamp'): AnnCheckpoint | null {
  const files = readAnnFiles(prefix, kind, verify);
  if (!files) return null;
  return { files, delta: checkpointDelta(conn, kind, prefix, files.manifest, rev) };
}

/** What changed since the files' checkpoint up to `rev`; throws when the files do not fit this database (see readAnnCheckpoint). */
export function checkpointDelta(conn: Connection, kind: VectorKind, prefix: string, manifest: AnnManifest, rev: number): LogDelta {
  if (manifest.dbId !== databaseId(conn, false)) throw new Error('files belong to another database');
  const purges = purgeGeneration(conn);
  if ((manifest.purges ?? 0) !== purges) {
    removeAnnFiles(prefix, kind, manifest.graph);
    throw new Error(purgedSinceSave(manifest.purges ?? 0, purges));
  }
  if (!logReaches(logBounds(conn), manifest.rev) || manifest.rev > rev) throw new Error(`checkpoint ${manifest.rev} is outside the kept log`);
  const delta = readLog(conn, kind, manifest.rev, rev);
  if (delta.cleared) throw new Error('vectors were cleared after the checkpoint');
  return delta;
}
