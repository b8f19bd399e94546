/**
 * Vector search at profile scale on the profile's own GloVe memory vectors: exact brute force
 * (the SQLite provider's ExactVectorIndex), HNSW (src/vector over usearch, default parameters)
 * with recall@10 against exact, and the store's production path `store.searchVectors`.
 */
import { ExactVectorIndex } from '../../vector/exact-vector-index.js';
import type { Store } from '../../store/store.js';
import { ANN_DEFAULTS } from '../../vector/ann-index.js';
import { HnswVectorIndex } from '../../vector/hnsw-vector-index.js';
import { timeEach, type LatencySummary } from './latency.js';
import type { VectorMatrix } from './vector-matrix.js';

const K = 10;

export interface VectorMeasurement {
  vectors: number;
  exact: LatencySummary;
  hnsw: LatencySummary;
  hnswBuildSeconds: number;
  hnswRecallAt10: number;
  hnswParams: string;
  /** `store.searchVectors` (kind memory, limit 10) on the profile: active memories only. */
  store: LatencySummary;
}

export async function measureVectors(matrix: VectorMatrix, queries: Float32Array[], store: Store): Promise<VectorMeasurement> {
  const attrs = { type: null, sessionId: null };
  const exactIndex = new ExactVectorIndex(matrix.dimensions, matrix.size);
  for (let i = 0; i < matrix.size; i++) exactIndex.upsert(matrix.ids[i], matrix.row(i), attrs);
  const truth: string[][] = [];
  const exact = await timeEach(queries, (q) => exactIndex.search(q, K), (hits) => truth.push(hits.map((h) => h.id)));

  const t = performance.now();
  const rows = matrix.ids.map((id, i) => ({ id, vector: matrix.row(i), attrs }));
  const hnswIndex = HnswVectorIndex.build({ dimensions: matrix.dimensions }, rows);
  const hnswBuildSeconds = (performance.now() - t) / 1000;
  let found = 0;
  const hnsw = await timeEach(queries, (q) => hnswIndex.search(q, K), (hits, i) => {
    const want = new Set(truth[i]);
    found += hits.filter((h) => want.has(h.id)).length;
  });
  const expected = truth.reduce((n, ids) => n + ids.length, 0);

  await store.searchVectors(queries[0], { kind: 'memory', limit: K }); // loads the store's index
  const storeLatency = await timeEach(queries, (q) => store.searchVectors(q, { kind: 'memory', limit: K }));
  const { quantization, connectivity, expansionAdd, expansionSearch } = ANN_DEFAULTS;
  return {
    vectors: matrix.size,
    exact,
    hnsw,
    hnswBuildSeconds,
    hnswRecallAt10: expected === 0 ? 0 : found / expected,
    hnswParams: `${quantization} M=${connectivity} ef=${expansionAdd}/${expansionSearch}`,
    store: storeLatency,
  };
}
