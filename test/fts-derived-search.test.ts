/**
 * A one-shot command searches FTS5 (no in-memory text index): derived (consolidated) memories are
 * ranked among themselves through their own index, and come out as a full ranking of every match
 * would give them: same order, same scores, same filters.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { mem } from './contract/harness.js';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'mnemo-fts-derived-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

it('ranks the derived memories that match as a search over every match ranks them, filters included', async () => {
  const store = openSqliteStore(join(dir, 'p.db'), 'p', { textIndex: false });
  const plain = Array.from({ length: 300 }, (_, i) => mem(`apple note ${i} apple`, { sessionId: 'a' }));
  await store.writeMemories(plain);
  const digests = [
    mem('apple apple apple orchard digest', { sessionId: 'a' }),
    mem('apple pie digest about baking for the family', { sessionId: 'b', type: 'event' }),
    mem('pear digest without the word', { sessionId: 'a' }),
    mem('apple tree digest', { sessionId: 'a' }),
  ];
  await store.commitConsolidation(digests.map((d, i) => ({ groupKey: `topic:${i}`, memory: { ...d, derivedFrom: [plain[i].id] }, requireActive: [plain[i].id], supersede: [] })));
  const derivedIds = new Set(digests.map((d) => d.id));
  const scored = async (opts: object) => (await store.searchMemories({ terms: ['apple'] }, { limit: 1000, ...opts })).map((h) => [h.item.id, h.score]);

  const everyMatch = (await scored({})).filter(([id]) => derivedIds.has(id as string));
  expect(everyMatch).toHaveLength(3);
  expect(await scored({ derived: 'only' })).toEqual(everyMatch);
  expect((await store.searchMemories({ terms: ['apple'] }, { limit: 2, derived: 'only' })).map((h) => h.item.id)).toEqual(everyMatch.slice(0, 2).map(([id]) => id));
  expect((await scored({ derived: 'only', sessionId: 'b' })).map(([id]) => id)).toEqual([digests[1].id]);
  expect((await scored({ derived: 'only', types: ['fact'] })).map(([id]) => id)).toEqual(everyMatch.map(([id]) => id).filter((id) => id !== digests[1].id));
  expect(await scored({ derived: 'exclude' })).toHaveLength(300);
  await store.close();
});
