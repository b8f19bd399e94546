import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../src/ids.js';
import { createPostgresProvider } from '../src/store/postgres/index.js';
import { mem } from './contract/harness.js';
import { runStoreContract } from './contract/store-contract.js';

/**
 * The same Store on PGlite (in-process WASM Postgres) with pgvector: the vector column, the
 * per-dimension HNSW index and SQL nearest-neighbour search. One PGlite per file (it takes
 * seconds to boot); every provider gets a fresh schema through the session's search_path.
 */
let db: PGlite | null = null;
const boot = async (): Promise<PGlite> => {
  if (!db) {
    db = new PGlite({ extensions: { vector } });
    await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
  }
  return db;
};
afterAll(async () => { await db?.close(); });

async function freshSchema(): Promise<{ pglite: PGlite; drop: () => Promise<void> }> {
  const pglite = await boot();
  const schema = `t_${randomId().slice(0, 8)}`;
  await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}, public`);
  return { pglite, drop: async () => { await pglite.exec(`DROP SCHEMA ${schema} CASCADE; SET search_path TO public`); } };
}

runStoreContract('pglite + pgvector', async () => {
  const { pglite, drop } = await freshSchema();
  const provider = createPostgresProvider({ pglite, onWarning: (m) => { throw new Error(`unexpected warning: ${m}`); } });
  return { provider, cleanup: drop };
});

describe('pgvector specifics (PGlite)', () => {
  let schema: Awaited<ReturnType<typeof freshSchema>>;
  beforeAll(async () => { schema = await freshSchema(); });
  afterAll(async () => { await schema.drop(); });

  it('creates an HNSW index per dimension and finds the exact nearest neighbours', async () => {
    const provider = createPostgresProvider({ pglite: schema.pglite, onWarning: () => {} });
    const store = await provider.open('hnsw');
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
    const memories = Array.from({ length: 300 }, (_, i) => mem(`memory ${i}`, { type: i % 2 ? 'fact' : 'event' }));
    await store.writeMemories(memories);
    const vectors = memories.map((m) => ({ kind: 'memory' as const, id: m.id, vector: Float32Array.from({ length: 16 }, rand) }));
    await store.upsertVectors(vectors);
    const indexes = await schema.pglite.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'mnemo_vectors_hnsw_16'
      AND schemaname = current_schema()`);
    expect(indexes.rows[0]?.indexdef).toMatch(/USING hnsw .*vector_cosine_ops.*WHERE \(dims = 16\)/);

    const query = Float32Array.from({ length: 16 }, rand);
    const cosine = (a: Float32Array, b: Float32Array) => {
      let dot = 0, na = 0, nb = 0;
      for (let i = 0; i < a.length; i++) { dot += a[i] * b[i]; na += a[i] * a[i]; nb += b[i] * b[i]; }
      return dot / Math.sqrt(na * nb);
    };
    const expected = vectors.filter((_, i) => i % 2 === 0).map((v) => ({ id: v.id, s: cosine(v.vector, query) }))
      .sort((a, b) => b.s - a.s).slice(0, 10);
    const hits = await store.searchVectors(query, { kind: 'memory', limit: 10, types: ['event'] });
    expect(hits.map((h) => h.item.id)).toEqual(expected.map((e) => e.id));
    hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i].s, 4));
    expect(await store.searchVectors(Float32Array.from({ length: 8 }, rand), { kind: 'memory', limit: 5 })).toEqual([]);
    await provider.close();
  });
});
