import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bm25Index } from '../src/search/bm25-index.js';
import { ftsTokens } from '../src/search/fts-tokens.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { keywords } from '../src/text/tokenize.js';
import { mem, msg } from './contract/harness.js';
import { locomoMessages } from './support/locomo.js';

describe('FTS5-compatible tokens', () => {
  it('equal what SQLite porter unicode61 makes of real conversation text', () => {
    const texts = [...locomoMessages('conv-26').map((m) => m.content), 'Café naïve RUNNING runs ran e-mail O’Neil 1990s x_y ...'];
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(c, tokenize='porter unicode61');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare('INSERT INTO t (rowid, c) VALUES (?, ?)');
    texts.forEach((t, i) => insert.run(i + 1, t));
    const sqlite = new Map<number, string[]>();
    for (const r of db.prepare('SELECT term, doc FROM v ORDER BY doc, "offset"').all() as { term: string; doc: number }[]) {
      sqlite.set(r.doc, [...(sqlite.get(r.doc) ?? []), r.term]);
    }
    const differing = texts.filter((t, i) => ftsTokens(t).join(' ') !== (sqlite.get(i + 1) ?? []).join(' '));
    // Emoji newer than SQLite's Unicode tables are tokens there and separators here; nothing else differs.
    expect(differing.filter((t) => !/\p{Extended_Pictographic}/u.test(t))).toEqual([]);
    expect(ftsTokens('Café RUNNING e-mail')).toEqual(['cafe', 'run', 'e', 'mail']);
  });
});

describe('Bm25Index', () => {
  it('ranks by BM25, honours all-terms queries and limits, and forgets removed documents', () => {
    const index = new Bm25Index();
    index.add(1, ftsTokens('the cat sat on the mat'));
    index.add(2, ftsTokens('a cat and a dog and another cat'));
    index.add(3, ftsTokens('dogs bark'));
    const any = index.search({ phrases: [['cat'], ['dog']], limit: 10 });
    expect(any.map((h) => h.id)).toEqual([2, 3, 1]);
    expect(index.search({ phrases: [['cat'], ['dog']], all: true, limit: 10 }).map((h) => h.id)).toEqual([2]);
    expect(index.search({ phrases: [['cat']], limit: 1 })).toHaveLength(1);
    index.remove(2);
    expect(index.search({ phrases: [['cat'], ['dog']], limit: 10 }).map((h) => h.id)).toEqual([3, 1]);
    index.add(1, ftsTokens('replaced text about birds'));
    expect(index.search({ phrases: [['cat']], limit: 10 })).toEqual([]);
    expect(index.size).toBe(2);
  });

  it('returns exactly the top k of a full scoring when it skips documents that cannot make the top k', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const vocab = Array.from({ length: 60 }, (_, i) => `w${i}`);
    // Zipf-like: low-numbered words are in most documents, high-numbered ones in few.
    const word = () => vocab[Math.floor(vocab.length * rand() ** 3)];
    const index = new Bm25Index();
    const doc = () => Array.from({ length: 3 + Math.floor(rand() * 20) }, word);
    for (let id = 1; id <= 3000; id++) index.add(id, doc());
    for (let id = 1; id <= 3000; id += 7) index.remove(id);
    const check = () => {
      for (let q = 0; q < 200; q++) {
        const phrases = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => [word()]);
        const k = 1 + Math.floor(rand() * 80);
        const full = index.search({ phrases, limit: -1 }).slice(0, k);
        const pruned = index.search({ phrases, limit: k });
        expect(pruned.map((h) => h.id)).toEqual(full.map((h) => h.id));
        pruned.forEach((h, i) => expect(h.score).toBeCloseTo(full[i].score, 12));
      }
    };
    check();
    // Lists in two parts (the compact base and the entries added since), and a rare word that
    // leaves few documents in reach of the top k, so long lists are searched instead of scanned.
    index.trim();
    for (let id = 3001; id <= 4000; id++) index.add(id, id % 50 === 0 ? [...doc(), 'rare'] : doc());
    check();
    for (let q = 0; q < 50; q++) {
      const phrases = [['rare'], [word()], [word()], ['w0']];
      const full = index.search({ phrases, limit: -1 }).slice(0, 10);
      expect(index.search({ phrases, limit: 10 }).map((h) => h.id)).toEqual(full.map((h) => h.id));
    }
  });

  it('with a scan budget, scores commoner words only on documents the rarer ones found, with their full scores', () => {
    const index = new Bm25Index();
    for (let id = 1; id <= 2000; id++) {
      const words = ['common', ...(id % 100 === 0 ? ['rare'] : []), ...(id % 10 === 0 ? ['middle'] : []), ...(id % 2 === 0 ? ['half'] : [])];
      index.add(id, [...words, ...Array.from({ length: id % 7 }, () => 'filler')]);
    }
    const phrases = [['common'], ['rare'], ['middle'], ['half']];
    const full = index.search({ phrases, limit: -1 });
    // Budget above every posting of the query: the exact answer.
    const fullScore = new Map(full.map((h) => [h.id, h.score]));
    const exact = index.search({ phrases, limit: 30, scanBudget: 4_000 });
    expect(exact.map((h) => h.id)).toEqual(full.slice(0, 30).map((h) => h.id));
    // Room for 'rare' and 'middle' only: 'half' and 'common' score their documents but add none.
    const bounded = index.search({ phrases, limit: 300, scanBudget: 250 });
    expect(bounded.map((h) => h.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => (i + 1) * 10));
    for (const h of [...exact, ...bounded]) expect(h.score).toBeCloseTo(fullScore.get(h.id)!, 12);
    // The rarest word is scanned whatever the budget; an all-words query is not bounded.
    expect(index.search({ phrases, limit: 300, scanBudget: 1 }).map((h) => h.id)).toHaveLength(20);
    expect(index.search({ phrases, all: true, limit: 300, scanBudget: 1 })).toHaveLength(20);
  });

  it('scores by the documents present now after removals (word rarity is not kept from an earlier search)', () => {
    const docs = new Map<number, string[]>();
    for (let id = 1; id <= 400; id++) docs.set(id, ftsTokens(id % 4 === 0 ? `apple pie number ${id}` : `pear tart number ${id}`));
    const index = new Bm25Index();
    for (const [id, tokens] of docs) index.add(id, tokens);
    index.remove(1);
    const query = { phrases: [['appl'], ['pear'], ['number']], limit: 20 };
    index.search(query);
    for (let id = 2; id <= 400; id++) if (id % 4 !== 0 && id < 350) index.remove(id), docs.delete(id);
    docs.delete(1);
    const fresh = new Bm25Index();
    for (const [id, tokens] of docs) fresh.add(id, tokens);
    expect(index.search(query)).toEqual(fresh.search(query));
  });

  it('stays correct through compaction after many removals', () => {
    const index = new Bm25Index();
    for (let i = 1; i <= 5000; i++) index.add(i, ftsTokens(i % 10 === 0 ? `keeper number ${i}` : `filler ${i}`));
    for (let i = 1; i <= 5000; i++) if (i % 10 !== 0) index.remove(i);
    const hits = index.search({ phrases: [['keeper']], limit: -1 });
    expect(hits).toHaveLength(500);
    expect(new Set(hits.map((h) => h.id % 10))).toEqual(new Set([0]));
  });
});

describe('SQLite store full-text search through the in-memory index', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'mnemo-text-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  it('returns what FTS5 bm25 returns, with the same scores, on a real conversation', async () => {
    const path = join(dir, 'p.db');
    const indexed = openSqliteStore(path, 'p');
    const plain = openSqliteStore(path, 'p', { textIndex: false });
    const messages = locomoMessages('conv-26');
    await indexed.insertMessages(messages.map((m) => msg(m.sessionId, m.role, m.content, { timestamp: m.timestamp })));
    await indexed.writeMemories(messages.slice(0, 200).map((m) => mem(m.content.replace(/^\w+: /, ''), { tags: ['chat'] })));
    let compared = 0;
    for (const m of messages.filter((_, i) => i % 7 === 0)) {
      const terms = keywords(m.content).slice(0, 6);
      const [a, b] = [await plain.searchMessages({ terms }, { limit: 10 }), await indexed.searchMessages({ terms }, { limit: 10 })];
      const [c, d] = [await plain.searchMemories({ terms }, { limit: 10 }), await indexed.searchMemories({ terms }, { limit: 10 })];
      for (const [want, got] of [[a, b], [c, d]] as const) {
        expect(got.length).toBe(want.length);
        // Same scores rank for rank (ties may order differently).
        got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 4));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    await plain.close();
    await indexed.close();
  });

  it('sees writes, purges and deletions made through another connection', async () => {
    const path = join(dir, 'p.db');
    const reader = openSqliteStore(path, 'p');
    const writer = openSqliteStore(path, 'p');
    await writer.insertMessages([msg('s', 'user', 'the zebra crossing')]);
    const [zebra] = (await writer.writeMemories([mem('Ann keeps a zebra'), mem('Bob rides a bike')])).written;
    expect(await reader.searchMemories({ terms: ['zebra'] }, { limit: 5 })).toHaveLength(1);
    expect(await reader.searchMessages({ terms: ['zebra'] }, { limit: 5 })).toHaveLength(1);

    await writer.writeMemories([mem('Cleo saw a zebra too')]);
    await writer.insertMessages([msg('s', 'user', 'zebra stripes again')]);
    expect(await reader.searchMemories({ terms: ['zebra'] }, { limit: 5 })).toHaveLength(2);
    expect(await reader.searchMessages({ terms: ['zebra'] }, { limit: 5 })).toHaveLength(2);

    await writer.forget(zebra.id, { purge: true });
    expect((await reader.searchMemories({ terms: ['zebra'] }, { limit: 5, statuses: ['active', 'forgotten'] })).map((h) => h.item.content))
      .toEqual(['Cleo saw a zebra too']);
    await reader.close();
    await writer.close();

    // A tool outside mnemo rewriting a row: the log carries it to the next process too.
    const db = new Database(path);
    db.function('mnemo_fts_deferred', () => 0);
    db.prepare(`UPDATE memories SET content = 'Bob rides a zebra' WHERE content = 'Bob rides a bike'`).run();
    db.prepare(`DELETE FROM messages WHERE content = 'zebra stripes again'`).run();
    db.close();
    const again = openSqliteStore(path, 'p');
    expect((await again.searchMemories({ terms: ['zebra'] }, { limit: 5 })).map((h) => h.item.content).sort())
      .toEqual(['Bob rides a zebra', 'Cleo saw a zebra too']);
    expect(await again.searchMessages({ terms: ['zebra'] }, { limit: 5 })).toHaveLength(1);
    await again.close();
  });

  it('knows whether derived memories exist, from the index or (without it) from the table, after writes by another connection', async () => {
    const path = join(dir, 'p.db');
    const indexed = openSqliteStore(path, 'p');
    const plain = openSqliteStore(path, 'p', { textIndex: false });
    const writer = openSqliteStore(path, 'p');
    const [a, b] = (await writer.writeMemories([mem('Dee grows tomatoes'), mem('Dee grows basil')])).written;
    expect(await indexed.searchMemories({ terms: ['grows'] }, { limit: 5 })).toHaveLength(2);
    expect([await indexed.hasDerivedMemories(), await plain.hasDerivedMemories()]).toEqual([false, false]);
    const digest = mem('Dee on gardening: grows tomatoes; grows basil', { derivedFrom: [a.id, b.id] });
    await writer.commitConsolidation([{ groupKey: 'topic:dee:garden', memory: digest, requireActive: [a.id, b.id], supersede: [] }]);
    expect([await indexed.hasDerivedMemories(), await plain.hasDerivedMemories()]).toEqual([true, true]);
    for (const s of [writer, plain, indexed]) await s.close();
  });

  it('tells which terms are mentioned from the index as FTS5 does, past many inactive matches and after writes elsewhere', async () => {
    const path = join(dir, 'p.db');
    const indexed = openSqliteStore(path, 'p');
    const plain = openSqliteStore(path, 'p', { textIndex: false });
    const writer = openSqliteStore(path, 'p');
    const oldest = mem('Widget number 0 ships in blue', { createdAt: '2026-01-01T00:00:00.000Z' });
    const rest = Array.from({ length: 150 }, (_, i) => mem(`Widget number ${i + 1} ships in red`, { type: 'task' }));
    await writer.writeMemories([oldest, ...rest]);
    await writer.insertMessages([msg('s', 'user', 'the gizmo arrived')]);
    const terms = ['widget', 'blue', 'red', 'gizmo', 'doohickey'];
    for (const s of [indexed, plain]) expect(await s.termsMentioned(terms)).toEqual([true, true, true, true, false]);
    for (const m of rest) await writer.setStatus(m.id, 'done');
    // Only the oldest of 151 memories holding "widget" is still active.
    for (const s of [indexed, plain]) expect(await s.termsMentioned(terms)).toEqual([true, true, false, true, false]);
    await writer.setStatus(oldest.id, 'done');
    for (const s of [indexed, plain]) expect(await s.termsMentioned(terms)).toEqual([false, false, false, true, false]);
    for (const s of [writer, plain, indexed]) await s.close();
  });

  it('loads a large table in the background, answering from FTS5 meanwhile and missing no write made during the load', async () => {
    const path = join(dir, 'p.db');
    const store = openSqliteStore(path, 'p', { textIndex: { backgroundAbove: 100 } });
    const plain = openSqliteStore(path, 'p', { textIndex: false });
    const first = Array.from({ length: 12_000 }, (_, i) => mem(`record ${i} about ${i % 3 === 0 ? 'otters' : 'herons'}`));
    const written = (await store.writeMemories(first)).written;
    const before = await store.searchMemories({ terms: ['otters'] }, { limit: 5 });
    expect(before).toEqual(await plain.searchMemories({ terms: ['otters'] }, { limit: 5 }));
    // Writes while slices load: an append, a purge of a row already read, a row rewritten elsewhere.
    await store.writeMemories([mem('a late note about otters and beavers')]);
    await store.forget(written[0].id, { purge: true });
    const warming = store.warm();
    await plain.writeMemories([mem('beavers build dams')]);
    await warming;
    const beavers = await store.searchMemories({ terms: ['beavers'] }, { limit: 5 });
    expect(beavers.map((h) => h.item.content).sort()).toEqual(['a late note about otters and beavers', 'beavers build dams']);
    expect((await store.searchMemories({ terms: ['otters'] }, { limit: 5000, statuses: ['active', 'forgotten'] })).map((h) => h.item.id))
      .not.toContain(written[0].id);
    const after = await store.searchMemories({ terms: ['otters', 'late'] }, { limit: 20 });
    const want = await plain.searchMemories({ terms: ['otters', 'late'] }, { limit: 20 });
    after.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 6));
    await plain.close();
    await store.close();
  });

  it('applies status, type and session filters after ranking, fetching deeper when they drop hits', async () => {
    const store = openSqliteStore(join(dir, 'p.db'), 'p');
    const many = Array.from({ length: 120 }, (_, i) => mem(`apple note ${i} apple apple`, { sessionId: 'a' }));
    await store.writeMemories([...many, mem('one apple in session b', { sessionId: 'b', type: 'event' })]);
    const inB = await store.searchMemories({ terms: ['apple'] }, { limit: 5, sessionId: 'b' });
    expect(inB.map((h) => h.item.content)).toEqual(['one apple in session b']);
    expect(await store.searchMemories({ terms: ['apple'] }, { limit: 5, types: ['event'] })).toHaveLength(1);
    expect(await store.searchMemories({ terms: ['apple'] }, { limit: 200 })).toHaveLength(121);
    await store.close();
  });

  it('quotes hostile query text: FTS syntax is matched as words, never parsed', async () => {
    const store = openSqliteStore(join(dir, 'p.db'), 'p');
    await store.writeMemories([mem('NEAR the AND gate')]);
    for (const terms of [['NEAR('], ['"'], ['AND'], ['content:gate'], ['*'], ['']]) {
      await expect(store.searchMemories({ terms }, { limit: 5 })).resolves.toBeInstanceOf(Array);
    }
    expect(await store.searchMemories({ terms: ['NEAR('] }, { limit: 5 })).toHaveLength(1);
    expect(await store.searchMemories({ terms: ['"AND gate"'] }, { limit: 5 })).toHaveLength(1);
    expect(await store.searchMemories({ terms: ['content:zebra'] }, { limit: 5 })).toEqual([]);
    await store.close();
  });
});
