import { embedMany, type EmbeddingModel } from 'ai';
import { MnemoError } from '../../errors.js';
import type { Embedder } from '../embedder.js';
import { fallbackVector, normalizeInPlace } from './vector-math.js';

export interface AiSdkEmbedderOptions {
  model: Exclude<EmbeddingModel, string>;
  /** Provider name used in the id, e.g. `openai` or `ollama`. */
  provider: string;
  /** Model name used in the id; defaults to the model's own id. */
  modelName?: string;
  /** Skip the probe call when known. Sent to the provider as the requested size. */
  dimensions?: number;
  /** Texts per request. */
  batchSize?: number;
  maxRetries?: number;
  /** Provider-specific options, e.g. `{ openai: { dimensions: 256 } }`. */
  providerOptions?: Record<string, Record<string, string | number | boolean>>;
}

/** Any AI SDK embedding model behind the Embedder interface; vectors are L2-normalized. */
export class AiSdkEmbedder implements Embedder {
  readonly id: string;

  private constructor(
    private readonly opts: AiSdkEmbedderOptions,
    readonly dimensions: number,
  ) {
    this.id = `${opts.provider}:${opts.modelName ?? opts.model.modelId}@${dimensions}`;
  }

  /** Discovers the dimensions by embedding a probe when `dimensions` is not given. */
  static async create(opts: AiSdkEmbedderOptions): Promise<AiSdkEmbedder> {
    if (opts.dimensions) return new AiSdkEmbedder(opts, opts.dimensions);
    const [probe] = await rawEmbed(opts, ['dimension probe']);
    if (!probe?.length) throw new MnemoError('model_error', `${describe(opts)} returned an empty embedding`);
    return new AiSdkEmbedder(opts, probe.length);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    const batch = this.opts.batchSize ?? 96;
    for (let i = 0; i < texts.length; i += batch) {
      const chunk = texts.slice(i, i + batch);
      const vectors = await rawEmbed(this.opts, chunk);
      vectors.forEach((values, j) => {
        if (values.length !== this.dimensions) {
          throw new MnemoError('model_error', `${describe(this.opts)} returned ${values.length} dimensions, expected ${this.dimensions}`);
        }
        const v = Float32Array.from(values);
        out.push(normalizeInPlace(v) ? v : fallbackVector(chunk[j], this.dimensions));
      });
    }
    return out;
  }
}

async function rawEmbed(opts: AiSdkEmbedderOptions, values: string[]): Promise<number[][]> {
  try {
    const { embeddings } = await embedMany({
      model: opts.model,
      values,
      maxRetries: opts.maxRetries ?? 2,
      maxParallelCalls: 1,
      ...(opts.providerOptions ? { providerOptions: opts.providerOptions } : {}),
    });
    return embeddings;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new MnemoError('model_error', `${describe(opts)} failed to embed: ${reason}`);
  }
}

function describe(opts: AiSdkEmbedderOptions): string {
  return `embedding model ${opts.provider}:${opts.modelName ?? opts.model.modelId}`;
}
