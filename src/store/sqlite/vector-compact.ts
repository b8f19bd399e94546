import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { AnnVectorIndex } from './vector-ann.js';
import { databaseId, saveAnnFiles } from './vector-ann-files.js';
import { loadAnnFiles } from './vector-ann-load.js';
import { removeAnnFiles } from './vector-ann-purge.js';
import { purgeGeneration } from './purge-marker.js';
import { logBounds } from './vector-log.js';
import { allRecords } from './vector-rows.js';
import { blobView } from './rows.js';

export interface CompactResult {
  /** Vectors in the saved graph. */
  size: number;
  /** `replay`: the saved graph was loaded and the log since replayed; `build`: built from the table. */
  from: 'replay' | 'build';
  /** Why the saved graph was not used, when it was built instead. */
  detail?: string;
}

/**
 * Brings the saved HNSW files of `kind` up to the newest log position and saves them again: the
 * saved graph is loaded and the changes since its checkpoint replayed, or, when there is no usable
 * graph, it is built from the table. Everything is read in one snapshot, so the checkpoint written
 * is exactly what the graph holds. `progress` hears `loaded` before the save starts. Null when the
 * kind has no vectors, or when a purge committed after the snapshot: what was saved may hold the
 * purged vectors and is removed again (see vector-ann-purge.ts); the next compaction builds without them.
 */
export function compactAnnFiles(conn: Connection, kind: VectorKind, prefix: string, progress: (step: 'loaded') => void = () => {}): CompactResult | null {
  const dbId = databaseId(conn, true)!; // outside the snapshot: creating it writes
  const saved = conn.read((): { result: CompactResult; purges: number; graph: string } | null => {
    const rev = logBounds(conn).hi;
    const purges = purgeGeneration(conn);
    let ann: AnnVectorIndex | null = null;
    let detail: string | undefined;
    try {
      ann = loadAnnFiles(conn, kind, prefix, rev)?.ann ?? null;
      if (!ann) detail = 'no saved index';
    } catch (err) {
      detail = (err as Error).message;
    }
    const from = ann ? 'replay' : 'build';
    ann ??= buildFromTable(conn, kind);
    if (!ann || ann.size === 0) return null;
    progress('loaded');
    const graph = saveAnnFiles(prefix, kind, dbId, rev, ann, purges);
    return { result: { size: ann.size, from, detail: from === 'build' ? detail : undefined }, purges, graph };
  });
  // Read once the snapshot is released: a purge committed since it was taken is seen only then.
  if (!saved) return null;
  if (purgeGeneration(conn) === saved.purges) return saved.result;
  removeAnnFiles(prefix, kind, saved.graph);
  return null;
}

/** Every searchable row of `kind` in one multi-threaded bulk insert. */
function buildFromTable(conn: Connection, kind: VectorKind): AnnVectorIndex | null {
  const ids: string[] = [];
  const attrs: { type: string | null; sessionId: string | null }[] = [];
  const vectors: Float32Array[] = [];
  for (const r of allRecords(conn, kind)) {
    ids.push(r.id);
    attrs.push({ type: r.type, sessionId: r.session_id });
    vectors.push(Float32Array.from(blobView(r.vector)));
  }
  if (ids.length === 0) return null;
  const dimensions = vectors[0]!.length;
  const matrix = new Float32Array(ids.length * dimensions);
  vectors.forEach((v, i) => matrix.set(v, i * dimensions));
  vectors.length = 0;
  const ann = AnnVectorIndex.create(dimensions);
  ann.addMany(ids, matrix, attrs);
  return ann;
}
