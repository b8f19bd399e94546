import type { Extractor } from './ingest/extractor.js';
import type { Worker } from './jobs/worker.js';
import type { Embedder } from './models/embedder.js';
import type { QueryAnalyzer } from './recall/analyzer.js';
import type { ChannelWeights } from './recall/fuse.js';
import type { RecallPool } from './recall-pool/recall-pool.js';
import type { Synthesizer } from './recall/synthesizer.js';
import type { StoreProvider } from './store/store.js';

/** What every profile of one `openMemory` handle shares: the store, the models and the worker. */
export interface Runtime {
  provider: StoreProvider;
  worker: Worker;
  extractor: Extractor;
  analyzer: QueryAnalyzer;
  synthesizer: Synthesizer;
  /** Resolved lazily (loading word vectors takes a moment); null when vectors are off. */
  embedder: () => Promise<Embedder | null>;
  weights: ChannelWeights;
  warn: (message: string) => void;
  /** A recall thread's runtime: it neither processes jobs nor re-embeds after an embedder change. */
  recallOnly: boolean;
  /** Set when recall runs on other threads. */
  recallPool: RecallPool | null;
  /** How long an unchanged profile's recall result may be reused (0: never). */
  recallCacheMs: number;
}
