import { mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupFile, loadGloveTable, openWordVectors } from '../src/models/embedders/glove/glove-cache.js';
import { GloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'mnemo-glove-lookup-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const opts = { cacheDir, maxWords: 30_000 };

const TEXTS = [
  'We deployed version 2.3 to production on Friday',
  "Caroline's pottery class meets every Tuesday in the old barn",
  'state-of-the-art noise-cancelling headphones',
  'zzqxv unknownword flibbertigibbet',
  'the of and to',
  '',
  'Ünïcödé café naïve résumé',
  'PostgreSQL pgvector HNSW index rebuild',
];

describe('GloVe lookup file (word vectors read on demand)', () => {
  it('embeds exactly as the decoded table, and is written once for the next process', async () => {
    const table = new GloveEmbedder((await loadGloveTable(opts)).table);
    const first = await openWordVectors(opts); // writes the lookup file
    expect('rowOf' in first).toBe(true);
    const fromFile = new GloveEmbedder(await openWordVectors(opts));
    expect(fromFile.id).toBe(table.id);
    const [a, b] = [await table.embed(TEXTS), await fromFile.embed(TEXTS)];
    for (let i = 0; i < TEXTS.length; i++) expect(Array.from(b[i])).toEqual(Array.from(a[i]));
    expect(fromFile.hasWord('Pottery')).toBe(true);
    expect(fromFile.hasWord('flibbertigibbetzz')).toBe(false);
    expect(fromFile.nearestWords('dog', 5)).toEqual(table.nearestWords('dog', 5));
  });

  it('embeds the same before and after it reads its lookup part whole (after a few thousand words)', async () => {
    const decoded = (await loadGloveTable(opts)).table;
    const table = new GloveEmbedder(decoded);
    const fromFile = new GloveEmbedder(await openWordVectors(opts));
    // Every 7th word of the table, in texts of 50: well past the small-read phase.
    const words = decoded.words.filter((_, i) => i % 7 === 3).slice(0, 4000);
    const texts = Array.from({ length: words.length / 50 }, (_, i) => words.slice(i * 50, i * 50 + 50).join(' '));
    const [a, b] = [await table.embed(texts), await fromFile.embed(texts)];
    for (let i = 0; i < texts.length; i++) expect(Array.from(b[i])).toEqual(Array.from(a[i]));
    const [c, d] = [await table.embed(TEXTS), await fromFile.embed(TEXTS)];
    for (let i = 0; i < TEXTS.length; i++) expect(Array.from(d[i])).toEqual(Array.from(c[i]));
  });

  it('rebuilds a truncated lookup file, says so, and still embeds the same', async () => {
    await openWordVectors(opts);
    truncateSync(lookupFile(opts), 1000);
    const warnings: string[] = [];
    const rebuilt = new GloveEmbedder(await openWordVectors({ ...opts, onWarning: (m) => warnings.push(m) }));
    expect(warnings.join('\n')).toMatch(/lookup file .* is unreadable .*rebuilding/);
    const reopened = new GloveEmbedder(await openWordVectors(opts));
    const [a, b] = [await rebuilt.embed(TEXTS), await reopened.embed(TEXTS)];
    for (let i = 0; i < TEXTS.length; i++) expect(Array.from(b[i])).toEqual(Array.from(a[i]));
  });
});
