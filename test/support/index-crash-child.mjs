// Writes memories with vectors and keeps the vector index busy; the parent SIGKILLs it part-way.
//   build: fills the store, then warms it (a background HNSW build starts: "event ann-build").
//   save:  loads the saved index, then rewrites vectors in batches so the index is saved again and
//          again ("event ann-save" after each save).
import { createSqliteProvider } from '../../dist/store/sqlite/index.js';
import { HashingEmbedder } from '../../dist/models/embedders/index.js';

const [dataDir, mode, count] = process.argv.slice(2);
const embedder = new HashingEmbedder(64);
const provider = createSqliteProvider({
  dataDir,
  annThreshold: 300,
  onVectorIndexEvent: (e) => process.stdout.write(`event ${e.event}\n`),
});
const store = await provider.open('p');
const content = (i, round) => `memory ${i} about topic ${i % 97} in round ${round} with word w${(i * 7919) % 1009}`;

if (mode === 'build') {
  const n = Number(count);
  const list = Array.from({ length: n }, (_, i) => ({
    id: `m${String(i).padStart(6, '0')}`, type: 'fact', content: content(i, 0), topicKey: null, eventTime: null,
    sessionId: `s${i % 20}`, sourceMessageIds: [], queries: [], tags: [], importance: 0.5,
  }));
  await store.writeMemories(list);
  const vectors = await embedder.embed(list.map((m) => m.content));
  await store.upsertVectors(list.map((m, i) => ({ kind: 'memory', id: m.id, vector: vectors[i] })));
  process.stdout.write('filled\n');
  await store.warm();
  process.stdout.write('warm\n');
} else {
  const n = Number(count);
  await store.warm();
  for (let round = 1; ; round++) {
    const ids = Array.from({ length: 1200 }, (_, k) => (round * 1200 + k) % n);
    const vectors = await embedder.embed(ids.map((i) => content(i, round)));
    await store.upsertVectors(ids.map((i, k) => ({ kind: 'memory', id: `m${String(i).padStart(6, '0')}`, vector: vectors[k] })));
    await store.searchVectors(vectors[0], { kind: 'memory', limit: 5 });
    process.stdout.write(`round ${round}\n`);
    await new Promise((r) => setImmediate(r));
  }
}
