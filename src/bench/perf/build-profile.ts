/**
 * Writes a synthetic profile straight through the Store (no extractor): messages, then memories
 * in batches, with the vectors of active non-task memories and of messages from the embedder, as
 * the extract job writes them (question forms + content). Much faster than ingesting conversations.
 * Open the store with `bulkWrites` (see ConnectionOptions): batches are tens of thousands of rows.
 */
import { adoptEmbedder } from '../../ingest/embed-job.js';
import type { Embedder } from '../../models/embedder.js';
import type { Store, VectorRow } from '../../store/store.js';
import { generateBatch } from './generator.js';

export interface BuildOptions {
  seed: number;
  size: number;
  batchSize?: number;
  /** Called with every memory vector in generation order (e.g. to collect a vector matrix). */
  onMemoryVector?: (id: string, vector: Float32Array) => void;
  onProgress?: (done: number, total: number) => void;
}

export interface BuildStats {
  memories: number;
  messages: number;
  /** Memories written active that a later one superseded (topic keys repeat). */
  superseded: number;
  skipped: number;
  /** `write`: messages, then memories with all the batch's vectors, in their transactions. */
  seconds: { total: number; generate: number; write: number; embed: number };
}

export async function buildProfile(store: Store, embedder: Embedder | null, opts: BuildOptions): Promise<BuildStats> {
  const batchSize = opts.batchSize ?? 10_000;
  const stats: BuildStats = { memories: 0, messages: 0, superseded: 0, skipped: 0, seconds: { total: 0, generate: 0, write: 0, embed: 0 } };
  const t0 = performance.now();
  const lap = (key: keyof BuildStats['seconds'], since: number): number => {
    const now = performance.now();
    stats.seconds[key] += (now - since) / 1000;
    return now;
  };
  if (embedder) await adoptEmbedder(store, embedder);
  for (let start = 0; start < opts.size; start += batchSize) {
    let t = performance.now();
    const { memories, messages } = generateBatch(opts.seed, start, Math.min(batchSize, opts.size - start));
    t = lap('generate', t);
    const vectorOf = memories.filter((m) => m.type !== 'task');
    let vectors: VectorRow[] = [];
    if (embedder) {
      const embedded = await embedder.embed([...vectorOf.map((m) => [...m.queries, m.content].join('\n')), ...messages.map((m) => m.content)]);
      vectorOf.forEach((m, i) => opts.onMemoryVector?.(m.id, embedded[i]));
      vectors = [
        ...vectorOf.map((m, i) => ({ kind: 'memory' as const, id: m.id, vector: embedded[i] })),
        ...messages.map((m, i) => ({ kind: 'message' as const, id: m.id, vector: embedded[vectorOf.length + i] })),
      ];
      t = lap('embed', t);
    }
    // Messages first (their vectors need the rows), then memories, every vector and the entity
    // index of both in one transaction, as the extract job writes them.
    await store.insertMessages(messages);
    const res = await store.writeMemories(memories, { actor: 'perf', vectors, indexEntities: true });
    lap('write', t);
    stats.messages += messages.length;
    stats.memories += res.written.length;
    stats.skipped += res.skipped.length;
    stats.superseded += res.superseded.length;
    opts.onProgress?.(Math.min(opts.size, start + batchSize), opts.size);
  }
  stats.seconds.total = (performance.now() - t0) / 1000;
  return stats;
}
