import { toMnemoError } from '../../errors.js';
import type { Embedder } from '../embedder.js';
import type { ProviderEmbedderConfig } from './ai-sdk-providers.js';
import { createGloveEmbedder } from './glove/glove-embedder.js';
import { HashingEmbedder } from './hashing-embedder.js';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';

export type EmbedderConfig =
  | { kind: 'glove'; maxWords?: number; sourcePath?: string }
  | { kind: 'hashing'; dimensions?: number }
  | ({ kind: 'openai' | 'openai-compatible' } & Omit<ProviderEmbedderConfig, 'provider'>)
  | ({ kind: 'transformers' } & TransformersEmbedderOptions);

export interface ResolveEmbedderOptions {
  /** Where converted/downloaded model files live, e.g. `<dataDir>/models`. */
  cacheDir: string;
  onWarning?: (message: string) => void;
}

/**
 * Builds the configured embedder (default: GloVe). When it cannot load, warns and falls back to
 * GloVe, and from there to hashing, so mnemo always starts. Remote embedders are probed only when
 * their dimensions are not configured; with dimensions given, failures surface at embed time.
 */
export async function resolveEmbedder(
  config: EmbedderConfig | Embedder | undefined,
  opts: ResolveEmbedderOptions,
): Promise<Embedder> {
  if (isEmbedder(config)) return config;
  const wanted = config ?? { kind: 'glove' };
  try {
    return await build(wanted, opts.cacheDir, opts.onWarning);
  } catch (err) {
    if (wanted.kind === 'hashing') throw err;
    const reason = toMnemoError(err).message;
    if (wanted.kind !== 'glove') {
      opts.onWarning?.(`Embedder "${wanted.kind}" could not be loaded (${reason}); falling back to the offline GloVe embedder.`);
      try {
        return await build({ kind: 'glove' }, opts.cacheDir, opts.onWarning);
      } catch (gloveErr) {
        opts.onWarning?.(`GloVe embedder could not be loaded either (${toMnemoError(gloveErr).message}); using the lexical hashing embedder.`);
        return new HashingEmbedder();
      }
    }
    opts.onWarning?.(`GloVe embedder could not be loaded (${reason}); using the lexical hashing embedder.`);
    return new HashingEmbedder();
  }
}

async function build(config: EmbedderConfig, cacheDir: string, onWarning?: (message: string) => void): Promise<Embedder> {
  switch (config.kind) {
    case 'glove':
      return createGloveEmbedder({ cacheDir, maxWords: config.maxWords, sourcePath: config.sourcePath, onWarning });
    case 'hashing':
      return new HashingEmbedder(config.dimensions);
    case 'openai':
    case 'openai-compatible': {
      const { kind, ...rest } = config;
      // The AI SDK loads only for a remote embedder (it costs a cold start).
      const { createProviderEmbedder } = await import('./ai-sdk-providers.js');
      return createProviderEmbedder({ ...rest, provider: kind });
    }
    case 'transformers': {
      const { kind: _kind, ...rest } = config;
      return TransformersEmbedder.create({ localModelPath: cacheDir, ...rest });
    }
  }
}

function isEmbedder(value: unknown): value is Embedder {
  return typeof value === 'object' && value !== null && typeof (value as Embedder).embed === 'function';
}
