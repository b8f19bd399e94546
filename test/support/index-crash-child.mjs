// Writes memories with vectors and keeps the vector index busy; the parent SIGKILLs it part-way.
//   build: fills the store, then warms it (a background HNSW build starts: "event ann-build").
//   save:  loads the saved index, then rewrites vectors in batches so the index is saved again and
//          again ("event ann-save" after each save).
//   text:  fills the store, then keeps writing and searching so the full-text index is saved again
//          and again ("event text-save" after each save).
import { createSqliteProvider } from '../../dist/store/sqlite/index.js';
import { HashingEmbedder } from '../../dist/models/embedders/index.js';

const [dataDir, mode, count] = process.argv.slice(2);
const embedder = new HashingEmbedder(64);
const provider = createSqliteProvider({
  dataDir,
  annThreshold: 300,
  onVectorIndexEvent: (e) => process.stdout.write(`event ${e.event}\n`),
  onTextIndexEvent: (e) => process.stdout.write(`event ${e.event}\n`),
  textSnapshots: { minRows: 500, resaveAfter: 400 },
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
} else if (mode === 'text') {
  const n = Number(count);
  const memories = (from, round) => Array.from({ length: 400 }, (_, k) => ({
    id: `t${round}-${from + k}`, type: 'fact', content: content(from + k, round), topicKey: null, eventTime: null,
    sessionId: `s${k % 20}`, sourceMessageIds: [], queries: [], tags: [], importance: 0.5,
  }));
  for (let from = 0; from < n; from += 400) await store.writeMemories(memories(from, 0));
  await store.warm();
  process.stdout.write('warm\n');
  for (let round = 1; ; round++) {
    await store.writeMemories(memories(0, round));
    await store.searchMemories({ terms: [`w${round % 1009}`, 'topic'] }, { limit: 5 });
    process.stdout.write(`round ${round}\n`);
    await new Promise((r) => setImmediate(r));
  }
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
