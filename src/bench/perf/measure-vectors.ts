/**
 * Vector search at profile scale on the profile's own GloVe memory vectors: exact brute force
 * (the SQLite provider's ExactVectorIndex) over every memory vector of the build, and the
 * store's production path `store.searchVectors` (HNSW at this size, the graph the first open
 * built and saved) with its recall@10 against exact search over the active memories.
 */
import { ExactVectorIndex } from '../../vector/exact-vector-index.js';
import type { Store } from '../../store/store.js';
import { ANN_DEFAULTS } from '../../vector/ann-index.js';
import { timeEach, type LatencySummary } from './latency.js';
import type { VectorMatrix } from './vector-matrix.js';

const K = 10;
/** Exact candidates per query from which the first K active memories are the truth (superseded ones have no vector in the store). */
const TRUTH_POOL = 50;

export interface VectorMeasurement {
  vectors: number;
  exact: LatencySummary;
  /** `store.searchVectors` (kind memory, limit 10): the profile's HNSW index, active memories only. */
  hnsw: LatencySummary;
  /** The first open's background HNSW build of the memory vectors (null: below the HNSW threshold, searches are exact). */
  hnswBuildSeconds: number | null;
  hnswRecallAt10: number;
  hnswParams: string;
}

export async function measureVectors(matrix: VectorMatrix, queries: Float32Array[], store: Store, annBuildMs: number | null): Promise<VectorMeasurement> {
  const attrs = { type: null, sessionId: null };
  const exactIndex = new ExactVectorIndex(matrix.dimensions, matrix.size);
  for (let i = 0; i < matrix.size; i++) exactIndex.upsert(matrix.ids[i], matrix.row(i), attrs);
  const exact = await timeEach(queries, (q) => exactIndex.search(q, K));
  const pools = queries.map((q) => exactIndex.search(q, TRUTH_POOL).map((h) => h.id));
  const active = new Set((await store.getMemories([...new Set(pools.flat())])).filter((m) => m.status === 'active').map((m) => m.id));
  const truth = pools.map((ids) => ids.filter((id) => active.has(id)).slice(0, K));

  await store.searchVectors(queries[0], { kind: 'memory', limit: K }); // loads the store's index
  let found = 0;
  const hnsw = await timeEach(queries, (q) => store.searchVectors(q, { kind: 'memory', limit: K }), (hits, i) => {
    const want = new Set(truth[i]);
    found += hits.filter((h) => want.has(h.item.id)).length;
  });
  const expected = truth.reduce((n, ids) => n + ids.length, 0);
  const { quantization, connectivity, expansionAdd, expansionSearch } = ANN_DEFAULTS;
  return {
    vectors: matrix.size,
    exact,
    hnsw,
    hnswBuildSeconds: annBuildMs === null ? null : annBuildMs / 1000,
    hnswRecallAt10: expected === 0 ? 0 : found / expected,
    hnswParams: `${quantization} M=${connectivity} ef=${expansionAdd}/${expansionSearch}`,
  };
}
