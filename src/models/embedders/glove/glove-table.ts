/**
 * The compact GloVe table: vocabulary in frequency-rank order and an int8 matrix with one float
 * scale per row (value ≈ int8 * scale). 341K words × 100 dims ≈ 38 MB on disk.
 *
 * File layout (little-endian): magic "MNGLOVE1", u32 count, u32 dimensions, u32 totalVocab,
 * u32 vocabBytes, vocab as UTF-8 joined by "\n", zero padding to 4 bytes, f32 scales[count],
 * i8 matrix[count * dimensions].
 */
export interface GloveTable {
  words: string[];
  /** Word → row; the row is also the word's frequency rank. */
  index: Map<string, number>;
  dimensions: number;
  /** Vocabulary size of the source, used for Zipf frequency estimates even when truncated. */
  totalVocab: number;
  scales: Float32Array;
  matrix: Int8Array;
}

const MAGIC = 'MNGLOVE1';
const HEADER_BYTES = 24;

export function encodeGloveTable(t: Omit<GloveTable, 'index'>): Buffer {
  const vocab = Buffer.from(t.words.join('\n'), 'utf8');
  const vocabEnd = HEADER_BYTES + vocab.length;
  const scalesAt = vocabEnd + ((4 - (vocabEnd % 4)) % 4);
  const matrixAt = scalesAt + t.scales.byteLength;
  const out = Buffer.alloc(matrixAt + t.matrix.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(t.words.length, 8);
  out.writeUInt32LE(t.dimensions, 12);
  out.writeUInt32LE(t.totalVocab, 16);
  out.writeUInt32LE(vocab.length, 20);
  vocab.copy(out, HEADER_BYTES);
  Buffer.from(t.scales.buffer, t.scales.byteOffset, t.scales.byteLength).copy(out, scalesAt);
  Buffer.from(t.matrix.buffer, t.matrix.byteOffset, t.matrix.byteLength).copy(out, matrixAt);
  return out;
}

/** Throws on anything that is not a complete table file (the caller then reconverts). */
export function decodeGloveTable(buf: Buffer): GloveTable {
  if (buf.length < HEADER_BYTES || buf.toString('latin1', 0, 8) !== MAGIC) throw new Error('bad magic');
  const count = buf.readUInt32LE(8);
  const dimensions = buf.readUInt32LE(12);
  const totalVocab = buf.readUInt32LE(16);
  const vocabBytes = buf.readUInt32LE(20);
  const vocabEnd = HEADER_BYTES + vocabBytes;
  const scalesAt = vocabEnd + ((4 - (vocabEnd % 4)) % 4);
  const matrixAt = scalesAt + count * 4;
  if (buf.length !== matrixAt + count * dimensions) throw new Error('truncated GloVe table');
  const words = buf.toString('utf8', HEADER_BYTES, vocabEnd).split('\n');
  if (words.length !== count) throw new Error('vocabulary size mismatch');
  // Copy into fresh, aligned buffers: the pooled file buffer may not be 4-byte aligned.
  const scales = new Float32Array(count);
  new Uint8Array(scales.buffer).set(buf.subarray(scalesAt, matrixAt));
  const matrix = new Int8Array(count * dimensions);
  new Uint8Array(matrix.buffer).set(buf.subarray(matrixAt));
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) if (!index.has(words[i])) index.set(words[i], i);
  return { words, index, dimensions, totalVocab, scales, matrix };
}

/** Dequantizes row `row` into `out` (length = dimensions), scaled by `weight`, added in place. */
export function addRow(t: GloveTable, row: number, weight: number, out: Float32Array): void {
  const scale = t.scales[row] * weight;
  const base = row * t.dimensions;
  for (let d = 0; d < t.dimensions; d++) out[d] += t.matrix[base + d] * scale;
}
