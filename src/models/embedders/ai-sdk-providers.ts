import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { MnemoError } from '../../errors.js';
import { AiSdkEmbedder } from './ai-sdk-embedder.js';

export interface ProviderEmbedderConfig {
  provider: 'openai' | 'openai-compatible';
  model: string;
  /** Required for openai-compatible, e.g. `http://localhost:11434/v1` (Ollama). */
  baseURL?: string;
  apiKey?: string;
  /** Requested output size (models that support shortening) and skips the probe. */
  dimensions?: number;
  /** Name used in the embedder id for openai-compatible servers, e.g. `ollama`; default `compat`. */
  name?: string;
  batchSize?: number;
}

/** Builds an AiSdkEmbedder from plain options (no env reads: pass the key in). */
export function createProviderEmbedder(config: ProviderEmbedderConfig): Promise<AiSdkEmbedder> {
  const common = { modelName: config.model, dimensions: config.dimensions, batchSize: config.batchSize };
  if (config.provider === 'openai') {
    if (!config.apiKey && !config.baseURL) {
      throw new MnemoError('unavailable', `OpenAI embedder ${config.model} needs an apiKey (or a baseURL of a keyless server)`);
    }
    const openai = createOpenAI({ apiKey: config.apiKey ?? 'unused', baseURL: config.baseURL });
    return AiSdkEmbedder.create({
      ...common,
      model: openai.embedding(config.model),
      provider: 'openai',
      ...(config.dimensions ? { providerOptions: { openai: { dimensions: config.dimensions } } } : {}),
    });
  }
  if (!config.baseURL) {
    throw new MnemoError('invalid_input', `openai-compatible embedder ${config.model} needs a baseURL, e.g. http://localhost:11434/v1`);
  }
  const name = config.name ?? 'compat';
  const provider = createOpenAICompatible({ name, baseURL: config.baseURL, apiKey: config.apiKey });
  return AiSdkEmbedder.create({
    ...common,
    model: provider.embeddingModel(config.model),
    provider: name,
    ...(config.dimensions ? { providerOptions: { [name]: { dimensions: config.dimensions } } } : {}),
  });
}
