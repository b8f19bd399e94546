import { describe, expect, it } from 'vitest';
import { Bm25Builder } from '../src/search/bm25-builder.js';
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

describe('a BM25 index bulk-loaded into its compact layout', () => {
  const words = ['billing', 'postgres', 'search', 'cluster', 'deploy', 'friday', 'region', 'owner', 'cache', 'queue', 'incident', 'review'];
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const doc = () => Array.from({ length: 3 + Math.floor(next() * 9) }, () => words[Math.floor(next() * words.length)]).join(' ');
  const queries = [{ phrases: [['bill'], ['postgr']], limit: 10 }, { phrases: [['cach'], ['queue'], ['deploi']], limit: 5, all: true }, { phrases: [['search', 'cluster']], limit: -1 }, { phrases: [['region']], limit: 3 }];

  it('answers as one built by single adds, before and after changes, merges and compaction', () => {
    const texts = Array.from({ length: 3000 }, doc);
    const built = new Bm25Builder();
    const single = new Bm25Index();
    texts.forEach((t, i) => { built.add(i + 1, ftsTokens(t)); single.add(i + 1, ftsTokens(t)); });
    const loaded = built.finish();
    for (const q of queries) expect(loaded.search(q)).toEqual(single.search(q));
    // Re-index half of the documents (enough removals to compact), then add new ones.
    for (let i = 1; i <= 3000; i += 2) for (const ix of [loaded, single]) ix.add(i, ftsTokens(`${texts[i - 1]} incident review`));
    for (let i = 3001; i <= 3200; i++) { const t = doc(); loaded.add(i, ftsTokens(t)); single.add(i, ftsTokens(t)); }
    for (const id of [2, 5, 3100]) { loaded.remove(id); single.remove(id); }
    for (const q of queries) expect(loaded.search(q)).toEqual(single.search(q));
    loaded.trim();
    for (const q of queries) expect(loaded.search(q)).toEqual(single.search(q));
    expect(loaded.size).toBe(single.size);
  });

  it('indexes a document\'s text as its FTS5 tokens: repeated, accented, long and numeric tokens alike', () => {
    const extra = ['Café CAFÉ cafe naïve résumé', 'internationalization internationalizations', 'v2.3 2026-04-15 eu-west-1 42', 'Ünïcödé façade ﬁle'];
    const texts = [...Array.from({ length: 500 }, doc), ...extra, ...extra.map((t) => `${t} ${doc()}`)];
    const byText = new Bm25Builder();
    const byTokens = new Bm25Builder();
    texts.forEach((t, i) => { byText.addText(i + 1, t); byTokens.add(i + 1, ftsTokens(t)); });
    const [a, b] = [byText.finish(), byTokens.finish()];
    const more = [{ phrases: [['cafe']], limit: -1 }, { phrases: [['internation']], limit: -1 }, { phrases: [['2026'], ['42']], limit: -1 }, { phrases: [['unicod'], ['facad']], limit: -1 }];
    for (const q of [...queries, ...more]) expect(a.search(q)).toEqual(b.search(q));
    for (const q of more) expect(a.search(q).length).toBeGreaterThan(0);
  });
});

describe('a BM25 index over ids far apart', () => {
  it('finds, replaces and removes documents whose ids are sparse, huge or not row keys, like dense ones', () => {
    const texts = ['postgres backups run nightly', 'the billing service uses postgres', 'billing invoices go out monthly', 'postgres replaces mysql'];
    const dense = new Bm25Index();
    const sparse = new Bm25Index();
    const far = [3, 2 ** 40, 1e7 + 1, 1.5];
    texts.forEach((t, i) => { dense.add(i + 1, ftsTokens(t)); sparse.add(far[i]!, ftsTokens(t)); });
    const query = { phrases: [['postgr'], ['bill']], limit: 10 };
    const asDense = (hits: { id: number; score: number }[]) => hits.map((h) => ({ id: far.indexOf(h.id) + 1, score: h.score }));
    expect(asDense(sparse.search(query))).toEqual(dense.search(query));
    dense.add(2, ftsTokens('the search cluster runs in eu-west-1'));
    sparse.add(far[1]!, ftsTokens('the search cluster runs in eu-west-1'));
    dense.remove(3);
    sparse.remove(far[2]!);
    expect(asDense(sparse.search(query))).toEqual(dense.search(query));
    expect(sparse.size).toBe(3);
    expect(sparse.has(far[2]!)).toBe(false);
    expect(sparse.has(far[1]!)).toBe(true);
  });
});
