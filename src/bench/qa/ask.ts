/** An answer or a verdict: from the resume cache when this model already saw this prompt, else a model call. */
import type { LanguageModel } from 'ai';
import { cacheKey, type QaCache } from './cache.js';
import { callText, type RetryPolicy } from './call.js';
import type { CallUsage } from './types.js';

export interface Asker {
  ask(req: { system: string; prompt: string; question: string; maxOutputTokens: number }): Promise<{ key: string; text: string; usage: CallUsage; ms: number; cached: boolean }>;
}

export interface AskCounters {
  calls: number;
  cacheHits: number;
  retries: number;
}

export function createAsker(opts: {
  model: LanguageModel;
  modelId: string;
  label: string;
  cache: QaCache;
  retry: RetryPolicy;
  counters: AskCounters;
}): Asker {
  return {
    async ask(req) {
      const key = cacheKey(opts.modelId, req.system, req.prompt, req.question);
      const hit = opts.cache.get(key);
      if (hit) {
        opts.counters.cacheHits++;
        return { key, text: hit.text, usage: hit.usage, ms: hit.ms, cached: true };
      }
      const result = await callText({
        model: opts.model,
        label: opts.label,
        system: req.system,
        prompt: req.prompt,
        maxOutputTokens: req.maxOutputTokens,
        retry: opts.retry,
        onRetry: () => void opts.counters.retries++,
      });
      opts.counters.calls++;
      opts.cache.put({ key, text: result.text, usage: result.usage, ms: Math.round(result.ms) });
      return { key, ...result, cached: false };
    },
  };
}
