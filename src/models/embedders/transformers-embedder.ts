import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { MnemoError } from '../../errors.js';
import type { Embedder } from '../embedder.js';
import { fallbackVector, normalizeInPlace } from './vector-math.js';

export interface TransformersEmbedderOptions {
  /** A Hugging Face model id (e.g. `Xenova/all-MiniLM-L6-v2`) or a path to a local model directory. */
  model: string;
  /** Where model ids are looked up locally (`<localModelPath>/<model id>/`) and downloads cached. */
  localModelPath?: string;
  /** Download from the Hugging Face hub when not found locally. Default false. */
  allowRemoteModels?: boolean;
  /** ONNX weight variant, e.g. `fp32`, `q8`. */
  dtype?: string;
  batchSize?: number;
}

type Extractor = (texts: string[], opts: { pooling: 'mean'; normalize: boolean }) => Promise<{ data: Float32Array; dims: number[] }>;

/**
 * Local ONNX sentence embeddings through transformers.js (mean pooling, normalized).
 * The package is imported lazily: mnemo never loads onnxruntime unless this embedder is used.
 * Note: transformers.js settings (`env`) are process-global; the last embedder created wins.
 */
export class TransformersEmbedder implements Embedder {
  private constructor(
    private readonly extract: Extractor,
    readonly id: string,
    readonly dimensions: number,
    private readonly batchSize: number,
  ) {}

  static async create(opts: TransformersEmbedderOptions): Promise<TransformersEmbedder> {
    const allowRemote = opts.allowRemoteModels ?? false;
    const { modelId, localModelPath } = locate(opts);
    const where = localModelPath ? join(localModelPath, modelId) : modelId;
    if (!allowRemote && !existsSync(where)) throw unavailable(opts.model, `no model files at ${where}`);
    const lib = await importTransformers(opts.model);
    lib.env.allowRemoteModels = allowRemote;
    lib.env.allowLocalModels = true;
    if (localModelPath) lib.env.localModelPath = localModelPath;
    if (localModelPath && allowRemote) lib.env.cacheDir = localModelPath;
    let extract: Extractor;
    let dimensions: number;
    try {
      extract = await lib.pipeline('feature-extraction', modelId, opts.dtype ? { dtype: opts.dtype } : {});
      const probe = await extract(['dimension probe'], { pooling: 'mean', normalize: true });
      dimensions = probe.dims[probe.dims.length - 1];
    } catch (err) {
      throw unavailable(opts.model, err instanceof Error ? err.message : String(err));
    }
    return new TransformersEmbedder(extract, `transformers:${modelId}@${dimensions}`, dimensions, opts.batchSize ?? 32);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      const chunk = texts.slice(i, i + this.batchSize);
      const { data } = await this.extract(chunk, { pooling: 'mean', normalize: true });
      chunk.forEach((text, j) => {
        const v = data.slice(j * this.dimensions, (j + 1) * this.dimensions);
        out.push(normalizeInPlace(v) ? v : fallbackVector(text, this.dimensions));
      });
    }
    return out;
  }
}

/** A local directory becomes (its parent as localModelPath, its name as model id). */
function locate(opts: TransformersEmbedderOptions): { modelId: string; localModelPath?: string } {
  const looksLikePath = isAbsolute(opts.model) || opts.model.startsWith('.');
  if (looksLikePath) {
    const dir = resolve(opts.model);
    return { modelId: basename(dir), localModelPath: dirname(dir) };
  }
  return { modelId: opts.model, localModelPath: opts.localModelPath };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function importTransformers(model: string): Promise<any> {
  const specifier = '@huggingface/transformers';
  try {
    return await import(specifier);
  } catch (err) {
    throw unavailable(model, `the @huggingface/transformers package could not be loaded (${(err as Error).message}); install it to use local ONNX embedders`);
  }
}

function unavailable(model: string, reason: string): MnemoError {
  return new MnemoError(
    'unavailable',
    `Local embedding model "${model}" is unavailable: ${reason}. Put the ONNX model files (config.json, tokenizer.json, onnx/model.onnx) in that directory, or enable allowRemoteModels where the Hugging Face hub is reachable.`,
    { model },
  );
}
