/** The handlers of every job kind a memory handle's worker runs (loaded with the first job it claims). */
import { composerFor, consolidationHandlers } from '../consolidation/setup.js';
import { embedJobHandler } from '../ingest/embed-job.js';
import { extractJobHandler } from '../ingest/extract-job.js';
import type { Extractor } from '../ingest/extractor.js';
import { foldJobHandler } from '../lifecycle/fold-job.js';
import type { Embedder } from '../models/embedder.js';
import type { LlmSetting } from '../models/llm/create-llm-pipeline.js';
import type { UsageCounter } from '../models/llm/usage.js';
import { CONSOLIDATE_JOB, EMBED_JOB, EXTRACT_JOB, FOLD_JOB } from './kinds.js';
import type { JobHandler } from './worker.js';

export interface JobHandlerDeps {
  extractor: Extractor;
  embedder: () => Promise<Embedder | null>;
  llm?: LlmSetting;
  usage?: UsageCounter;
  everyNewMemories: number;
  warn: (message: string) => void;
}

export function jobHandlers(deps: JobHandlerDeps): Record<string, JobHandler> {
  const consolidation = consolidationHandlers(composerFor(deps.llm, deps.usage), deps.everyNewMemories, deps.warn);
  return {
    [EXTRACT_JOB]: consolidation.afterExtraction(extractJobHandler(() => deps.extractor, undefined, deps.embedder)),
    [CONSOLIDATE_JOB]: consolidation.handler,
    [EMBED_JOB]: embedJobHandler(deps.embedder),
    [FOLD_JOB]: foldJobHandler(),
  };
}
