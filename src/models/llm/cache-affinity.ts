/**
 * Prompt-cache affinity: every model call made for one profile carries the same key, so a
 * provider that routes by it (OpenAI's `prompt_cache_key`, a sticky-session header on
 * OpenAI-compatible servers and routers) sends the profile's repeated extraction prompts, which
 * share their long system prompt, to a machine that has them cached.
 *
 * The key is a hash of the profile name: stable across calls and processes, and it never tells
 * the provider what the profile is called. The profile travels through AsyncLocalStorage so the
 * pipelines (shared by every profile) need no extra parameter.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LanguageModel } from 'ai';
import { nodeCrypto } from '../../lazy-crypto.js';

/** Header sent to OpenAI-compatible servers, which have no standard body field for it. */
export const AFFINITY_HEADER = 'x-session-affinity';

/** The profile a model call is made for; null until a model pipeline exists (nothing reads it before). */
let current: AsyncLocalStorage<string> | null = null;

/**
 * Called when a model pipeline is built. Until then `withCacheAffinity` runs `fn` as is: the first
 * AsyncLocalStorage run turns on promise hooks for the rest of the process, a cost on every await
 * of an offline recall that no model call would ever read.
 */
export function keepCacheAffinity(): void {
  current ??= new AsyncLocalStorage<string>();
}

/** Runs `fn` with model calls keyed to `profile`. */
export function withCacheAffinity<T>(profile: string, fn: () => Promise<T>): Promise<T> {
  return current ? current.run(profile, fn) : fn();
}

/** Keys by profile name (every model call asks; a hash per call cost more than the lookup). */
const keys = new Map<string, string>();

export function affinityKey(profile: string): string {
  let key = keys.get(profile);
  if (key === undefined) {
    if (keys.size >= 1_000) keys.clear();
    keys.set(profile, (key = `mnemo-${nodeCrypto().createHash('sha256').update(`mnemo-profile\0${profile}`).digest('hex').slice(0, 24)}`));
  }
  return key;
}

export interface AffinityCallOptions {
  providerOptions?: { openai: { promptCacheKey: string } };
  headers?: Record<string, string>;
}

/** What to add to a `generateText` call for the current profile (nothing outside a profile). */
export function affinityCallOptions(model: LanguageModel): AffinityCallOptions {
  const profile = current?.getStore();
  if (profile === undefined || typeof model === 'string') return {};
  const key = affinityKey(profile);
  const provider = model.provider;
  if (provider.startsWith('openai.')) return { providerOptions: { openai: { promptCacheKey: key } } };
  if (provider.startsWith('openai-compatible')) return { headers: { [AFFINITY_HEADER]: key } };
  // Anthropic caches by prompt prefix and has no routing key; other providers: nothing to send.
  return {};
}
