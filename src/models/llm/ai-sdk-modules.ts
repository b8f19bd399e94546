import { createRequire } from 'node:module';

/**
 * The AI SDK and its providers, loaded on first use: importing them costs a process about half
 * a second, which a command that runs offline (no model configured) should not pay. Loaded
 * through require so the model setup stays synchronous; the SDK's `isInstance` checks use global
 * symbols, so its errors are recognized whichever copy made them.
 */
const require = createRequire(import.meta.url);

export const aiSdk = (): typeof import('ai') => require('ai');
export const aiProvider = (): typeof import('@ai-sdk/provider') => require('@ai-sdk/provider');
export const openaiSdk = (): typeof import('@ai-sdk/openai') => require('@ai-sdk/openai');
export const anthropicSdk = (): typeof import('@ai-sdk/anthropic') => require('@ai-sdk/anthropic');
export const openaiCompatibleSdk = (): typeof import('@ai-sdk/openai-compatible') => require('@ai-sdk/openai-compatible');
