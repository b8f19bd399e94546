import { describe, expect, it } from 'vitest';
import { vectorsBesideGathered } from '../src/recall/gathered-vectors.js';
import { mem, vec } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

describe('memory vector search beside gathered memories', () => {
  const temp = useTempSqliteStore('mnemo-gathered-vectors-');

  it('keeps the depth best other memories whatever digests rank among them, each hit with its row', async () => {
    const store = temp.store;
    const members = [mem('Ann paints'), mem('Ann sketches'), mem('Ann sculpts'), mem('Ann draws')];
    const digests = [0, 1].map((i) => mem(`Ann on art ${i}: paints; sketches`, { tags: ['semantic', 'art'], derivedFrom: [members[0]!.id, members[1]!.id] }));
    await store.writeMemories([...members, ...digests]);
    // The digests sit closest to the query, as a memory holding its members' words does.
    await store.upsertVectors([
      ...digests.map((d, i) => ({ kind: 'memory' as const, id: d.id, vector: vec(1, 0.01 * i, 0, 0) })),
      ...members.map((m, i) => ({ kind: 'memory' as const, id: m.id, vector: vec(1, 0.2 + 0.3 * i, 0, 0) })),
    ]);
    const search = async (limit: number) =>
      (await store.searchVectors(vec(1, 0, 0, 0), { kind: 'memory', limit })).map((h) => ({ kind: 'memory' as const, id: h.item.id, score: h.score }));
    const plain = (await search(3)).map((h) => h.id);
    expect(plain).toEqual([digests[0]!.id, digests[1]!.id, members[0]!.id]);

    const hits = await vectorsBesideGathered(store, search, 3);
    expect(hits.map((h) => h.id)).toEqual([digests[0]!.id, digests[1]!.id, members[0]!.id, members[1]!.id, members[2]!.id]);
    expect(hits.every((h) => h.memory?.id === h.id)).toBe(true);
  });
});
