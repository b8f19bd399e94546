import { z } from 'zod';

export const LLM_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** How to reach a language model. Plain data, so it can come from code, env vars or a config file. */
export const llmConfigSchema = z
  .object({
    provider: z.enum(LLM_PROVIDERS),
    /** Model for the structured stages (extraction, query analysis): a small, cheap one is enough. */
    model: z.string().min(1, 'model is required'),
    baseURL: z.url({ error: 'baseURL must be a URL such as http://localhost:11434/v1' }).optional(),
    apiKey: z.string().min(1).optional(),
    /** Optional larger model for answer synthesis; defaults to `model`. */
    synthesisModel: z.string().min(1).optional(),
    /** openai-compatible only: the server honours json_schema response formats (vLLM, recent Ollama). */
    structuredOutputs: z.boolean().optional(),
    /** Per-call timeout. */
    timeoutMs: z.number().int().min(1).max(600_000).default(60_000),
    /** Transport-level retries (429, 5xx) done by the AI SDK, honouring Retry-After up to 60 s. */
    maxRetries: z.number().int().min(0).max(10).default(2),
    /** Extraction chunks in flight at once. */
    concurrency: z.number().int().min(1).max(32).default(4),
  })
  .refine((c) => c.provider !== 'openai-compatible' || c.baseURL, {
    message: 'baseURL is required for provider openai-compatible (e.g. http://localhost:11434/v1)',
    path: ['baseURL'],
  });

export type LlmConfig = z.output<typeof llmConfigSchema>;
export type LlmConfigInput = z.input<typeof llmConfigSchema>;

/** Call settings every model stage shares. */
export interface CallSettings {
  timeoutMs: number;
  maxRetries: number;
}

export const DEFAULT_CALL_SETTINGS: CallSettings = { timeoutMs: 60_000, maxRetries: 2 };
