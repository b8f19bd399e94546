import Database from 'better-sqlite3';
import fs, { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Bm25Index } from '../src/search/bm25-index.js';
import { bm25FromSections, bm25Sections } from '../src/search/bm25-snapshot.js';
import { ftsTokens } from '../src/search/fts-tokens.js';
import { openSqliteStore, type SqliteStoreOptions } from '../src/store/sqlite/index.js';
import type { TextIndexEvent } from '../src/store/sqlite/text-index.js';
import { textIndexWarnings } from '../src/store/sqlite/text-index-warnings.js';
import { textSnapshotPath } from '../src/store/sqlite/text-snapshot.js';
import type { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { keywords } from '../src/text/tokenize.js';
import { mem, msg } from './contract/harness.js';
import { locomoMessages } from './support/locomo.js';

describe('Bm25Index sections', () => {
  it('give back an index that answers every query as the original, without removed documents or their words', () => {
    const index = new Bm25Index();
    const texts = locomoMessages('conv-26').map((m) => m.content);
    texts.forEach((t, i) => index.add(i + 1, ftsTokens(t)));
    for (let id = 1; id <= texts.length; id += 5) index.remove(id);
    index.add(9_999, ftsTokens('a quokka only here'));
    index.remove(9_999);
    const restored = bm25FromSections(bm25Sections(index));
    expect(restored.size).toBe(index.size);
    for (const t of texts.filter((_, i) => i % 9 === 0)) {
      const phrases = ftsTokens(t).slice(0, 6).map((w) => [w]);
      expect(restored.search({ phrases, limit: 10 })).toEqual(index.search({ phrases, limit: 10 }));
      expect(restored.search({ phrases, limit: 5, all: true })).toEqual(index.search({ phrases, limit: 5, all: true }));
    }
    expect(bm25Sections(index).terms.toString()).not.toMatch(/quokka/);
    expect(restored.search({ phrases: [['quokka']], limit: 5 })).toEqual([]);
  });

  it('are refused when they do not fit together', () => {
    const index = new Bm25Index();
    index.add(1, ['a', 'b']);
    index.add(2, ['b', 'c']);
    const s = bm25Sections(index);
    expect(() => bm25FromSections({ ...s, slots: Int32Array.from([0, 5, 1, 0]) })).toThrow(/names no document/);
    expect(() => bm25FromSections({ ...s, lengths: Int32Array.from([2]) })).toThrow(/disagree/);
    expect(() => bm25FromSections({ ...s, terms: Buffer.from('a\nb') })).toThrow(/term ranges/);
  });
});

describe('a saved text index', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mnemo-text-snapshot-'));
    path = join(dir, 'p.db');
  });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  const messages = locomoMessages('conv-26');
  // Single-token words: a hyphenated one is a phrase, which the index matches without adjacency (unlike FTS5).
  const questions = messages.filter((_, i) => i % 11 === 0)
    .map((m) => keywords(m.content).filter((w) => /^[a-z0-9]+$/i.test(w)).slice(0, 6)).filter((t) => t.length > 0);

  function open(opts: SqliteStoreOptions = {}) {
    const events: TextIndexEvent[] = [];
    const warnings: string[] = [];
    const warn = textIndexWarnings((m) => warnings.push(m));
    const store = openSqliteStore(path, 'p', {
      textSnapshots: { minRows: 50, resaveAfter: 100 }, onTextIndexEvent: (e) => { events.push(e); warn(e); }, ...opts,
    });
    return { store, events, warnings, seen: () => events.map((e) => `${e.event} ${e.table}`) };
  }

  async function fill(store: SqliteStore): Promise<void> {
    await store.insertMessages(messages.map((m) => msg(m.sessionId, m.role, m.content, { timestamp: m.timestamp })));
    await store.writeMemories(messages.slice(0, 300).map((m) => mem(m.content.replace(/^\w+: /, ''))));
  }

  /** Same ranked hits (ids and scores) as FTS5 scoring every match, for messages and memories. */
  async function expectSameAsFts(store: SqliteStore): Promise<void> {
    const plain = openSqliteStore(path, 'p', { textIndex: false });
    try {
      for (const terms of questions) {
        for (const kind of ['messages', 'memories'] as const) {
          const search = (s: SqliteStore) => (kind === 'messages' ? s.searchMessages({ terms }, { limit: 10 }) : s.searchMemories({ terms }, { limit: 10 }));
          const [want, got] = [await search(plain), await search(store)];
          expect(got.length).toBe(want.length);
          got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 4));
        }
      }
    } finally {
      await plain.close();
    }
  }

  it('is saved after a build, restored by the next process, and ranks as FTS5 does', async () => {
    const first = open();
    await fill(first.store);
    await first.store.warm();
    await first.store.close();
    expect(first.seen()).toEqual(expect.arrayContaining(['text-save memories', 'text-save messages']));
    expect(existsSync(textSnapshotPath(path, 'memories'))).toBe(true);

    const next = open();
    await next.store.warm();
    expect(next.seen().sort()).toEqual(['text-restore memories', 'text-restore messages']);
    await expectSameAsFts(next.store);
    expect(next.warnings).toEqual([]);
    await next.store.close();
  });

  it('catches up with what other connections wrote, changed, forgot and deleted since it was saved', async () => {
    const first = open();
    await fill(first.store);
    await first.store.warm();
    await first.store.close();

    const writer = openSqliteStore(path, 'p', { textIndex: false });
    const [zebra] = (await writer.writeMemories([mem('Ann keeps a zebra called Stripes'), mem('Bob rides a bike')])).written;
    await writer.insertMessages([msg('s9', 'user', 'the zebra crossing near the quokka park')]);
    await writer.forget(zebra.id, { purge: false });
    await writer.close();
    const db = new Database(path);
    db.function('mnemo_fts_deferred', () => 0);
    db.prepare(`UPDATE memories SET content = 'Bob rides a zebra' WHERE content = 'Bob rides a bike'`).run();
    db.prepare(`DELETE FROM messages WHERE rowid IN (SELECT seq FROM messages ORDER BY seq LIMIT 40)`).run();
    db.close();

    const next = open();
    await next.store.warm();
    expect(next.seen()).toContain('text-restore memories');
    expect((await next.store.searchMemories({ terms: ['zebra'] }, { limit: 5 })).map((h) => h.item.content)).toEqual(['Bob rides a zebra']);
    expect(await next.store.searchMessages({ terms: ['quokka'] }, { limit: 5 })).toHaveLength(1);
    await expectSameAsFts(next.store);
    await next.store.close();
  });

  it('is deleted by a purge, and saved again without the purged words', async () => {
    const first = open();
    await fill(first.store);
    const [secret] = (await first.store.writeMemories([mem('my passport says Xylograph Quenby')])).written;
    await first.store.warm();
    await first.store.close();
    expect(readFileSync(textSnapshotPath(path, 'memories')).includes('quenbi')).toBe(true);

    const next = open();
    await next.store.warm();
    await next.store.forget(secret.id, { purge: true });
    expect(existsSync(textSnapshotPath(path, 'memories'))).toBe(false);
    // Enough new rows for the index to save itself again.
    await next.store.writeMemories(Array.from({ length: 150 }, (_, i) => mem(`note number ${i} about gardening`)));
    await next.store.searchMemories({ terms: ['gardening'] }, { limit: 5 });
    await next.store.close();
    const saved = readFileSync(textSnapshotPath(path, 'memories'));
    expect(saved.includes('quenbi')).toBe(false);
    expect(saved.includes('garden')).toBe(true);
  });

  it('is not left on disk by a save that read the index before a purge and renamed its file after it', async () => {
    const first = open();
    await fill(first.store);
    const [secret] = (await first.store.writeMemories([mem('my passport says Xylograph Quenby')])).written;
    const file = textSnapshotPath(path, 'memories');
    // Another connection (as another process would) purges between the save's encoding and its rename.
    const purger = openSqliteStore(path, 'p', { textIndex: false });
    const rename = fs.promises.rename;
    let purged = false;
    const spy = vi.spyOn(fs.promises, 'rename').mockImplementation(async (from, to) => {
      if (to === file && !purged) {
        purged = true;
        await purger.forget(secret.id, { purge: true });
      }
      return rename(from, to);
    });
    try {
      await first.store.warm();
      await first.store.close();
    } finally {
      spy.mockRestore();
      await purger.close();
    }
    expect(purged).toBe(true);
    expect(existsSync(file) && readFileSync(file).includes('quenbi')).toBe(false);
    expect(first.seen()).not.toContain('text-save memories');
    // The next start builds the index again, without the purged words.
    const next = open();
    await next.store.warm();
    expect((await next.store.searchMemories({ terms: ['quenby'] }, { limit: 5 }))).toEqual([]);
    await expectSameAsFts(next.store);
    await next.store.close();
  });

  it('that is damaged, cut short or another database\'s is rejected with a warning, rebuilt, and answers correctly', async () => {
    const first = open();
    await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const file = textSnapshotPath(path, 'memories');
    const good = readFileSync(file);

    const damaged = Buffer.from(good);
    damaged[damaged.length - 100] ^= 0xff;
    writeFileSync(file, damaged);
    const a = open();
    await a.store.warm();
    expect(a.warnings.join('\n')).toMatch(/memories text index snapshot rejected \(checksum mismatch\); rebuilding it from the database/);
    await expectSameAsFts(a.store);
    await a.store.close();

    writeFileSync(file, good.subarray(0, Math.floor(good.length / 2)));
    const b = open();
    await b.store.warm();
    expect(b.warnings.join('\n')).toMatch(/rejected \(cut short\)/);
    await expectSameAsFts(b.store);
    await b.store.close();

    // Saved under another schema version (a migration may renumber rows without logging them).
    const header = good.subarray(0, good.indexOf(10)).toString();
    const schema = Number(/"schema":(\d+)/.exec(header)![1]);
    writeFileSync(file, Buffer.concat([Buffer.from(header.replace(`"schema":${schema}`, `"schema":${schema + 1}`).slice(0, header.length)), good.subarray(header.length)]));
    const d = open();
    await d.store.warm();
    expect(d.warnings.join('\n')).toMatch(new RegExp(`rejected \\(saved under schema ${schema + 1}, the database is at ${schema}\\)`));
    await expectSameAsFts(d.store);
    await d.store.close();

    // Another profile's file copied over this one's.
    const otherPath = join(dir, 'other.db');
    const other = openSqliteStore(otherPath, 'other', { textSnapshots: { minRows: 50 } });
    await other.writeMemories(messages.slice(0, 120).map((m) => mem(m.content)));
    await other.warm();
    await other.close();
    await copyFile(textSnapshotPath(otherPath, 'memories'), file);
    const c = open();
    await c.store.warm();
    expect(c.warnings.join('\n')).toMatch(/rejected \(saved for another database\)/);
    await expectSameAsFts(c.store);
    await c.store.close();
  });

  it('is not written or read when turned off, nor for a profile too small to need it', async () => {
    const off = open({ textSnapshots: false });
    await fill(off.store);
    await off.store.warm();
    await off.store.close();
    expect(existsSync(textSnapshotPath(path, 'memories'))).toBe(false);
    // Nor opened: a file there (here a damaged one) is not even read, so it cannot be rejected.
    writeFileSync(textSnapshotPath(path, 'memories'), 'not a snapshot');
    const small = open({ textSnapshots: { minRows: 100_000 } });
    await small.store.warm();
    expect(small.events).toEqual([]);
    await expectSameAsFts(small.store);
    await small.store.close();
    expect(existsSync(textSnapshotPath(path, 'messages'))).toBe(false);
  });
});
