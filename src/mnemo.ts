import type { MnemoApi } from './api.js';
import { createMnemo, type MnemoOptions } from './create-mnemo.js';
import { createLlmPipeline } from './models/llm/create-llm-pipeline.js';

export type { MnemoOptions } from './create-mnemo.js';

/** Opens a memory service over a data directory (SQLite) or a given store provider. */
export function openMemory(opts: MnemoOptions = {}): MnemoApi {
  return createMnemo(opts, false, createLlmPipeline);
}

/** What a recall thread opens: the same service, without job processing or embedder upkeep. */
export function openMemoryForRecall(opts: MnemoOptions): MnemoApi {
  return createMnemo({ ...opts, recallThreads: 0, worker: { background: false } }, true, createLlmPipeline);
}
