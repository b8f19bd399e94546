import type { LanguageModel } from 'ai';
import { MnemoError } from '../../errors.js';
import { aiProvider, aiSdk, anthropicSdk, openaiCompatibleSdk, openaiSdk } from './ai-sdk-modules.js';
import { llmConfigSchema, type LlmConfig, type LlmConfigInput } from './config.js';

export interface LanguageModels {
  /** Extraction and query analysis. */
  structured: LanguageModel;
  /** Answer synthesis (the same model unless `synthesisModel` is set). */
  synthesis: LanguageModel;
}

export interface CreateModelsOptions {
  /** Custom fetch (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

export function parseLlmConfig(input: LlmConfigInput): LlmConfig {
  const parsed = llmConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new MnemoError('invalid_input', `invalid LLM configuration: ${where}${issue?.message ?? 'unknown error'}`);
  }
  return parsed.data;
}

/** Builds AI SDK model instances from a plain configuration. Makes no network call. */
export function createLanguageModels(input: LlmConfigInput, opts: CreateModelsOptions = {}): LanguageModels {
  const config = parseLlmConfig(input);
  // Every call (and its error handling) needs the SDK: it loads with the models, not inside the
  // first call, which may be timed.
  aiSdk();
  aiProvider();
  const modelFor = providerFor(config, opts);
  return { structured: modelFor(config.model), synthesis: modelFor(config.synthesisModel ?? config.model) };
}

function providerFor(config: LlmConfig, opts: CreateModelsOptions): (modelId: string) => LanguageModel {
  const common = { apiKey: config.apiKey, baseURL: config.baseURL, fetch: opts.fetch };
  switch (config.provider) {
    case 'openai': {
      const openai = openaiSdk().createOpenAI(common);
      return (id) => openai.chat(id);
    }
    case 'anthropic': {
      const anthropic = anthropicSdk().createAnthropic(common);
      return (id) => anthropic(id);
    }
    case 'openai-compatible': {
      const provider = openaiCompatibleSdk().createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseURL!,
        apiKey: config.apiKey,
        fetch: opts.fetch,
        includeUsage: true,
        supportsStructuredOutputs: config.structuredOutputs ?? false,
      });
      return (id) => provider.chatModel(id);
    }
  }
}
