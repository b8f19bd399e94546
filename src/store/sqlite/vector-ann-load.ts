import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { AnnVectorIndex } from './vector-ann.js';
import { readAnnCheckpoint } from './vector-checkpoint.js';
import { allAttrs, applyTouched } from './vector-rows.js';

/**
 * Opens the persisted HNSW index of `kind` and brings it to log position `rev` (inside the
 * caller's read transaction). Returns null when nothing was saved; throws when the files do not
 * fit this database: another database's id, a checkpoint the pruned log no longer reaches, a
 * `clear` since, a bad checksum, or (after replaying the log) rows that differ from the table.
 */
export function loadAnnFiles(conn: Connection, kind: VectorKind, prefix: string, rev: number): { ann: AnnVectorIndex; replayed: number; checkpoint: number } | null {
  const checkpoint = readAnnCheckpoint(conn, kind, prefix, rev, 'checksum');
  if (!checkpoint) return null;
  const { files, delta } = checkpoint;
  const { manifest } = files;
  const attrs = allAttrs(conn, kind);
  const touched = new Set(delta.touched);
  const placeholder = { type: null, sessionId: null }; // replaced or removed by the replay below
  const ann = AnnVectorIndex.load(files.graphPath, manifest.dimensions, files.idsText, (id) => attrs.get(id) ?? (touched.has(id) ? placeholder : undefined));
  applyTouched(conn, kind, ann, delta.touched);
  if (ann.size !== attrs.size) throw new Error(`index holds ${ann.size} vectors, the table ${attrs.size}`);
  return { ann, replayed: delta.touched.length, checkpoint: manifest.rev };
}
