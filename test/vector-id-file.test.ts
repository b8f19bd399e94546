/**
 * A viewed graph's ids are looked up in the saved id map with small reads: every saved key gives
 * its id, a deleted or unknown key none, over maps large enough that a lookup must search.
 */
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { IdKeyMap } from '../src/vector/id-key-map.js';
import { IdMapFile } from '../src/store/sqlite/vector-id-file.js';

const dir = mkdtempSync(join(tmpdir(), 'mnemo-id-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A manifest-like file: a header line, then the id map as saves write it; returns the reader. */
function idFile(name: string, map: IdKeyMap): IdMapFile {
  const head = '{"format":"x"}\n';
  const path = join(dir, name);
  writeFileSync(path, head + map.serialize());
  const text = map.serialize();
  return new IdMapFile(openSync(path, 'r'), Buffer.byteLength(head) + text.indexOf('\n') + 1);
}

it('finds every saved key, and no deleted or unknown one, in a map of 30K ids with gaps and uneven key spacing', () => {
  const map = new IdKeyMap();
  const ids = Array.from({ length: 40_000 }, (_, i) => `${i.toString(16).padStart(32, '0')}`);
  for (const id of ids) map.assign(id);
  // Deleted runs (a whole batch forgotten) and scattered deletions leave gaps in the keys.
  const deleted = new Set(ids.filter((_, i) => (i >= 5_000 && i < 12_000) || i % 7 === 3));
  for (const id of deleted) map.delete(id);
  const file = idFile('big', map);
  for (const [id, key] of map.entries()) expect(file.idOf(Number(key))).toBe(id);
  for (const id of [...deleted].slice(0, 2_000)) expect(file.idOf(ids.indexOf(id) + 1)).toBeUndefined();
  for (const key of [0, -1, 40_001, 1e9, 1.5]) expect(file.idOf(key)).toBeUndefined();
  file.close();
  expect(() => file.idOf(1)).toThrow(/closed/);
});

it('reads a map of a few ids, and an empty one', () => {
  const small = new IdKeyMap();
  small.assign('a');
  small.assign('b');
  const file = idFile('small', small);
  expect([file.idOf(1), file.idOf(2), file.idOf(3)]).toEqual(['a', 'b', undefined]);
  file.close();
  const empty = idFile('empty', new IdKeyMap());
  expect(empty.idOf(1)).toBeUndefined();
  empty.close();
});

it('refuses a map whose lines are not key-tab-id', () => {
  const path = join(dir, 'bad');
  writeFileSync(path, 'header\nmnemo-idmap 1 3\n1 a\n2 b\n');
  expect(() => new IdMapFile(openSync(path, 'r'), 'header\nmnemo-idmap 1 3\n'.length)).toThrow(/malformed/);
});

it('gives a batch of keys (a search\'s hits, unordered, repeated, deleted, unknown) the ids single lookups give', () => {
  const map = new IdKeyMap();
  const ids = Array.from({ length: 20_000 }, (_, i) => `m${i.toString(36)}-${'x'.repeat(i % 29)}`);
  for (const id of ids) map.assign(id);
  for (const [i, id] of ids.entries()) if ((i >= 3_000 && i < 4_500) || i % 11 === 5) map.delete(id);
  let seed = 5;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const single = idFile('single', map);
  for (const size of [1, 50, 2_050, 20_000]) {
    const batched = idFile(`batch-${size}`, map);
    const keys = Array.from({ length: size }, () => (rnd(20) === 0 ? [0, 20_001, 1e9][rnd(3)] : 1 + rnd(20_000)));
    expect(batched.idsOf(keys), `${size} keys`).toEqual(keys.map((k) => single.idOf(k)));
    // Memoized keys answer the same the second time.
    expect(batched.idsOf(keys.slice().reverse())).toEqual(keys.slice().reverse().map((k) => single.idOf(k)));
    batched.close();
    expect(() => batched.idsOf([1])).toThrow(/closed/);
  }
  single.close();
});
