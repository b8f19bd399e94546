// fs.promises on use: importing node:fs/promises compiles nine of Node's modules a cold command never needs.
import fs from 'node:fs';
import type { GloveTable } from './glove-table.js';
import { readWinkEntries, readWinkHeader } from './wink-json-reader.js';

/** Converts the wink JSON into an int8 table: each row scaled by its own max |value| / 127. */
export async function convertWinkJson(jsonPath: string, maxWords?: number): Promise<Omit<GloveTable, 'index'>> {
  const buf = await fs.promises.readFile(jsonPath);
  const { size, dimensions } = readWinkHeader(buf);
  const limit = Math.min(size, maxWords ?? size);
  const words: string[] = new Array(limit);
  const scales = new Float32Array(limit);
  const matrix = new Int8Array(limit * dimensions);
  let filled = 0;
  for (const { word, rank, values } of readWinkEntries(buf, dimensions)) {
    if (rank >= limit) {
      if (filled === limit) break; // entries come in rank order; nothing more to collect
      continue;
    }
    let maxAbs = 0;
    for (let d = 0; d < dimensions; d++) maxAbs = Math.max(maxAbs, Math.abs(values[d]));
    const scale = maxAbs / 127 || 1;
    scales[rank] = scale;
    for (let d = 0; d < dimensions; d++) matrix[rank * dimensions + d] = Math.round(values[d] / scale);
    // A newline would break the vocabulary encoding; such a word can never be tokenized anyway.
    words[rank] = word.includes('\n') ? '' : word;
    filled++;
  }
  for (let i = 0; i < limit; i++) words[i] ??= '';
  return { words, dimensions, totalVocab: size, scales, matrix };
}
