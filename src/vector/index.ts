export { AnnIndex, ANN_DEFAULTS, type AnnIndexOptions, type AnnMatch, type AnnQuantization } from './ann-index.js';
export { writeFileAtomic } from './atomic-file.js';
export { exactTopK, type ExactMatch } from './exact-search.js';
export { IdKeyMap } from './id-key-map.js';
export { IdVectorIndex, type IdMatch } from './id-vector-index.js';
