import type { EmbedderConfig } from '../models/embedders/resolve.js';
import type { LlmConfigInput } from '../models/llm/index.js';
import type { ChannelWeights } from '../recall/fuse.js';

/** What a recall thread needs to open the same memory service as the main thread: plain data only. */
export interface RecallThreadConfig {
  dataDir: string;
  embedder?: EmbedderConfig | false;
  llm?: LlmConfigInput;
  modelsDir?: string;
  weights?: Partial<ChannelWeights>;
}

/** The options as a thread config, or why they cannot cross a thread boundary. */
export function recallThreadConfig(opts: {
  dataDir: string;
  store?: unknown;
  embedder?: unknown;
  llm?: unknown;
  extractor?: unknown;
  analyzer?: unknown;
  synthesizer?: unknown;
  modelsDir?: string;
  weights?: Partial<ChannelWeights>;
}): RecallThreadConfig | { unsupported: string } {
  if (opts.store) return { unsupported: 'a store provider instance was given (only the embedded SQLite store is opened by threads)' };
  if (opts.analyzer || opts.synthesizer) return { unsupported: 'a custom analyzer or synthesizer was given' };
  if (opts.embedder && typeof opts.embedder === 'object' && 'embed' in opts.embedder) return { unsupported: 'an embedder instance was given' };
  if (opts.llm && typeof opts.llm === 'object' && !('provider' in opts.llm)) return { unsupported: 'model instances were given' };
  const config: RecallThreadConfig = {
    dataDir: opts.dataDir,
    embedder: opts.embedder as RecallThreadConfig['embedder'],
    llm: opts.llm as RecallThreadConfig['llm'],
    modelsDir: opts.modelsDir,
    weights: opts.weights,
  };
  try {
    structuredClone(config);
  } catch {
    return { unsupported: 'the embedder or model configuration holds functions' };
  }
  return config;
}
