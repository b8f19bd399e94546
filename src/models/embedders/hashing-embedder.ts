import type { Embedder } from '../embedder.js';
import { keywords } from '../../text/tokenize.js';
import { fallbackVector, normalizeInPlace } from './vector-math.js';

/**
 * Deterministic feature hashing of content-word unigrams and bigrams (signed, FNV-1a), for tests
 * and as the last-resort fallback. Lexical only: shares dimensions with texts sharing words.
 */
export class HashingEmbedder implements Embedder {
  readonly id: string;
  readonly inProcess = true;

  constructor(readonly dimensions = 256) {
    if (!Number.isInteger(dimensions) || dimensions < 2) throw new RangeError('dimensions must be an integer ≥ 2');
    this.id = `hashing-${dimensions}@1`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  embedOne(text: string): Float32Array {
    const out = new Float32Array(this.dimensions);
    const terms = keywords(text);
    for (let i = 0; i < terms.length; i++) {
      this.addFeature(out, `u:${terms[i]}`, 1);
      if (i > 0) this.addFeature(out, `b:${terms[i - 1]} ${terms[i]}`, 0.5);
    }
    return normalizeInPlace(out) ? out : fallbackVector(text, this.dimensions);
  }

  private addFeature(out: Float32Array, feature: string, weight: number): void {
    const h = fnv1a(feature);
    out[h % this.dimensions] += (h & 0x80000000) !== 0 ? -weight : weight;
  }
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
