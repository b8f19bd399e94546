import { describe, expect, it } from 'vitest';
import type { ChannelResult } from '../src/recall/candidate.js';
import { cutBesideGathered } from '../src/recall/gathered-vectors.js';
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
    const search = async (limit: number): Promise<ChannelResult> => ({
      channel: 'vector',
      hits: (await store.searchVectors(vec(1, 0, 0, 0), { kind: 'memory', limit })).map((h) => ({ kind: 'memory' as const, id: h.item.id, score: h.score })),
    });
    // Depth 3 with room for 2 more: the digests take no place of the three best members.
    const results = [await search(5)];
    await cutBesideGathered(store, results, 3);
    expect(results[0]!.hits.map((h) => h.id)).toEqual([digests[0]!.id, digests[1]!.id, members[0]!.id, members[1]!.id, members[2]!.id]);
    expect(results[0]!.hits.every((h) => h.kind === 'memory' && h.memory?.id === h.id)).toBe(true);

    // Without digests among them, the search is cut at its depth.
    const plain = [await search(5)];
    await store.forget(digests[0]!.id, { purge: false });
    await store.forget(digests[1]!.id, { purge: false });
    const after = [await search(5)];
    await cutBesideGathered(store, after, 3);
    expect(after[0]!.hits.map((h) => h.id)).toEqual(members.slice(0, 3).map((m) => m.id));
    expect(plain[0]!.hits).toHaveLength(5);
  });
});
