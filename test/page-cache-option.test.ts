/** openMemory({ pageCacheMb }): SQLite's page cache per connection; a bad size is refused up front. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'mnemo-page-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('recalls the same with a 1 MB page cache as with the default one', async () => {
  const writer = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
  const p = writer.profile('p');
  for (let i = 0; i < 50; i++) await p.remember({ content: `Project ${i} deploys with tool number ${i} on Fridays.` });
  await p.remember({ content: 'The billing service uses PostgreSQL 16.' });
  await writer.close();
  const answers: unknown[] = [];
  for (const pageCacheMb of [undefined, 1]) {
    const m = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, loadIndexes: 'warm', pageCacheMb });
    const r = await m.profile('p').recall('which database does billing use?');
    answers.push(r.memories.map((x) => [x.id, x.score]));
    expect(r.memories[0].content).toContain('PostgreSQL');
    await m.close();
  }
  expect(answers[1]).toEqual(answers[0]);
});

it('refuses a page cache size that is not a positive number of MB', () => {
  for (const pageCacheMb of [0, -1, Number.NaN, 1e9]) {
    expect(() => openMemory({ dataDir: dir, pageCacheMb })).toThrow(expect.objectContaining({ code: 'invalid_input', message: expect.stringContaining('pageCacheMb') }));
  }
});
