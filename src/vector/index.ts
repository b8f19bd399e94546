export { AdaptiveVectorIndex, ANN_THRESHOLD, type AdaptiveIndexOptions } from './adaptive-vector-index.js';
export { AnnIndex, ANN_DEFAULTS, type AnnIndexOptions, type AnnMatch, type AnnQuantization } from './ann-index.js';
export { writeFileAtomic } from './atomic-file.js';
export { exactTopK, type ExactMatch } from './exact-search.js';
export { HnswVectorIndex, type VectorIndexLike } from './hnsw-vector-index.js';
export { IdKeyMap } from './id-key-map.js';
