import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import type { Embedder } from '../src/models/embedder.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mnemo-inline-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const conversation = [
  { role: 'user' as const, content: 'I moved to Lisbon last March.' },
  { role: 'assistant' as const, content: 'Noted.' },
  { role: 'user' as const, content: 'We use pnpm in the Atlas repo.' },
  { role: 'user' as const, content: 'I need to renew the Figma license before Friday.' },
];

/** Ingests the conversation and returns what the store holds afterwards. */
async function ingestWith(embedder: Embedder) {
  const provider = createSqliteProvider({ dataDir: tempDir() });
  const mem = openMemory({ store: provider, embedder, worker: { background: false } });
  const p = mem.profile('inline');
  const res = await p.ingest(conversation, { sessionId: 's1', wait: true });
  const store = await provider.open('inline');
  const active = (await store.listMemories({ status: 'active', limit: 100 })).items;
  const out = {
    memories: res.memories ?? [],
    // Jobs that embed an extraction's rows (opening a profile may also queue a check of every row).
    embedJobs: (await store.listJobs({ kind: 'embed' })).filter((j) => Array.isArray(j.payload.messageIds)).length,
    messageVectors: await store.countVectors('message'),
    memoryVectors: await store.countVectors('memory'),
    embeddable: active.filter((m) => m.type !== 'task').length,
    entities: (await store.listEntities()).map((e) => e.entity),
  };
  await mem.close();
  return out;
}

describe('extraction with an in-process embedder', () => {
  it('writes every vector with the extracted memories, without a separate embedding job', async () => {
    const r = await ingestWith(new HashingEmbedder(32));
    expect(r.memories.length).toBeGreaterThan(0);
    expect(r.embedJobs).toBe(0);
    expect(r.messageVectors).toBe(conversation.length);
    expect(r.memoryVectors).toBe(r.embeddable);
    expect(r.entities).toEqual(expect.arrayContaining(['lisbon', 'atlas']));
  });

  it('leaves an embedder that calls out (no inProcess) to its own job, with the same vectors in the end', async () => {
    const inner = new HashingEmbedder(32);
    const remote: Embedder = { id: inner.id, dimensions: inner.dimensions, embed: (texts) => inner.embed(texts) };
    const r = await ingestWith(remote);
    expect(r.embedJobs).toBe(1);
    expect(r.messageVectors).toBe(conversation.length);
    expect(r.memoryVectors).toBe(r.embeddable);
  });
});
