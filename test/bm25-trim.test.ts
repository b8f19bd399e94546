import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../src/search/bm25-index.js';
import { ftsTokens } from '../src/search/fts-tokens.js';

describe('a BM25 index trimmed after its bulk load', () => {
  it('ranks as before and keeps taking new and changed documents', () => {
    const docs = ['the billing service uses postgres', 'the search cluster runs in eu-west-1', 'postgres backups run nightly', 'billing invoices go out monthly'];
    const full = new Bm25Index();
    const trimmed = new Bm25Index();
    docs.forEach((d, i) => { full.add(i + 1, ftsTokens(d)); trimmed.add(i + 1, ftsTokens(d)); });
    trimmed.trim();
    const query = { phrases: [['postgr'], ['bill']], limit: 10 };
    expect(trimmed.search(query)).toEqual(full.search(query));
    for (const ix of [full, trimmed]) {
      ix.add(5, ftsTokens('postgres replaces mysql for billing'));
      ix.add(2, ftsTokens('the search cluster moved to postgres'));
    }
    expect(trimmed.search(query)).toEqual(full.search(query));
    expect(trimmed.search(query).map((h) => h.id).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
