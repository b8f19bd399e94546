/** One text call to a model, retried with backoff on rate limits and server errors (honouring Retry-After). */
import { APICallError } from '@ai-sdk/provider';
import { generateText, RetryError, type LanguageModel } from 'ai';
import { MnemoError } from '../../errors.js';
import { describeModelError, retryAfterMs } from '../../models/llm/model-error.js';
import type { CallUsage } from './types.js';

export interface RetryPolicy {
  retries: number;
  /** First backoff; doubled per attempt unless the server says when to come back. */
  baseMs: number;
  maxWaitMs: number;
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseMs: 1_000, maxWaitMs: 60_000, timeoutMs: 120_000 };

export interface TextCall {
  model: LanguageModel;
  /** For error messages: which flag and model. */
  label: string;
  system: string;
  prompt: string;
  maxOutputTokens: number;
  retry: RetryPolicy;
  /** Told about every retry (progress, counters). */
  onRetry?: (waitMs: number, reason: string) => void;
  signal?: AbortSignal;
}

const RETRYABLE = new Set(['rate_limited', 'server_error', 'timeout', 'unreachable']);

export async function callText(call: TextCall): Promise<{ text: string; usage: CallUsage; ms: number }> {
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    try {
      const signals = [AbortSignal.timeout(call.retry.timeoutMs), ...(call.signal ? [call.signal] : [])];
      const result = await generateText({
        model: call.model,
        system: call.system || undefined,
        prompt: call.prompt,
        temperature: 0,
        maxRetries: 0,
        maxOutputTokens: call.maxOutputTokens,
        abortSignal: AbortSignal.any(signals),
      });
      const usage = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
      return { text: result.text.trim(), usage, ms: performance.now() - started };
    } catch (err) {
      if (call.signal?.aborted) throw err;
      const info = describeModelError(err);
      if (!RETRYABLE.has(info.reason) || attempt >= call.retry.retries) {
        const tries = attempt > 0 ? ` after ${attempt + 1} attempts` : '';
        throw new MnemoError('model_error', `${call.label}: ${info.message}${tries}${info.fix ? ` (${info.fix})` : ''}`, { reason: info.reason });
      }
      const wait = Math.min(call.retry.maxWaitMs, serverWait(err) ?? call.retry.baseMs * 2 ** attempt);
      call.onRetry?.(wait, info.reason);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** Retry-After / retry-after-ms of the failed response, when the server sent one. */
function serverWait(err: unknown): number | undefined {
  const last = RetryError.isInstance(err) ? err.lastError : err;
  return APICallError.isInstance(last) ? retryAfterMs(last.responseHeaders) : undefined;
}
