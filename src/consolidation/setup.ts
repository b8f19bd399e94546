import type { JobHandler } from '../jobs/worker.js';
import { createLanguageModels, parseLlmConfig } from '../models/llm/create-models.js';
import { isLlmConfig, type LlmSetting } from '../models/llm/create-llm-pipeline.js';
import type { UsageCounter } from '../models/llm/usage.js';
import { type Composer, createOfflineComposer } from './composer.js';
import { consolidateJobHandler, scheduleConsolidation } from './job.js';
import { createLlmComposer } from './llm-composer.js';

export { type ConsolidationConfig, DEFAULT_EVERY_NEW_MEMORIES, everyNewMemoriesOf } from './config.js';

/** The configured model writes consolidated memories (one call per group); without one, rules do. */
export function composerFor(llm: LlmSetting | undefined, usage?: UsageCounter): Composer {
  if (!llm) return createOfflineComposer();
  if (isLlmConfig(llm)) {
    const config = parseLlmConfig(llm);
    return createLlmComposer({ model: createLanguageModels(config).structured, usage, timeoutMs: config.timeoutMs, maxRetries: config.maxRetries });
  }
  return createLlmComposer({ model: llm.structured, usage, timeoutMs: llm.timeoutMs, maxRetries: llm.maxRetries });
}

/** The consolidate job handler, and the extraction handler wrapped to queue consolidation every N new memories. */
export function consolidationHandlers(composer: Composer, everyNewMemories: number, warn: (m: string) => void) {
  return {
    handler: consolidateJobHandler(() => composer, warn),
    afterExtraction(extract: JobHandler): JobHandler {
      return async (job, ctx) => {
        await extract(job, ctx);
        try {
          await scheduleConsolidation(ctx.store, everyNewMemories);
        } catch (err) {
          warn(`could not queue consolidation: ${err instanceof Error ? err.message : String(err)}`);
        }
      };
    },
  };
}
