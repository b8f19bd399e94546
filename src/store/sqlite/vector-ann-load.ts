import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { AnnVectorIndex } from './vector-ann.js';
import { databaseId, readAnnFiles } from './vector-ann-files.js';
import { logBounds, logReaches, readLog } from './vector-log.js';
import { allAttrs, applyTouched } from './vector-rows.js';

/**
 * Opens the persisted HNSW index of `kind` and brings it to log position `rev` (inside the
 * caller's read transaction). Returns null when nothing was saved; throws when the files do not
 * fit this database: another database's id, a checkpoint the pruned log no longer reaches, a
 * `clear` since, a bad checksum, or (after replaying the log) rows that differ from the table.
 */
export function loadAnnFiles(conn: Connection, kind: VectorKind, prefix: string, rev: number): { ann: AnnVectorIndex; replayed: number } | null {
  const files = readAnnFiles(prefix, kind);
  if (!files) return null;
  const { manifest } = files;
  if (manifest.dbId !== databaseId(conn, false)) throw new Error('files belong to another database');
  if (!logReaches(logBounds(conn), manifest.rev) || manifest.rev > rev) throw new Error(`checkpoint ${manifest.rev} is outside the kept log`);
  const delta = readLog(conn, kind, manifest.rev, rev);
  if (delta.cleared) throw new Error('vectors were cleared after the checkpoint');
  const attrs = allAttrs(conn, kind);
  const touched = new Set(delta.touched);
  const placeholder = { type: null, sessionId: null }; // replaced or removed by the replay below
  const ann = AnnVectorIndex.load(files.graphPath, manifest.dimensions, files.idsText, (id) => attrs.get(id) ?? (touched.has(id) ? placeholder : undefined));
  applyTouched(conn, kind, ann, delta.touched);
  if (ann.size !== attrs.size) throw new Error(`index holds ${ann.size} vectors, the table ${attrs.size}`);
  return { ann, replayed: delta.touched.length };
}
