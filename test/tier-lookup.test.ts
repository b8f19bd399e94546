import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveSearch } from '../src/lifecycle/archive.js';
import type { ArchiveEntry } from '../src/store/lifecycle-store.js';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { setRecallTuning } from '../src/recall/tuning.js';
import { openMemory } from '../src/index.js';

const ENTRIES: ArchiveEntry[] = [
  { kind: 'topic', key: 'caroline.hobby', terms: ['caroline', 'hobby', 'pottery', 'classes', 'weekends'], memberIds: ['m1', 'm2'] },
  { kind: 'topic', key: 'caroline.home_city', terms: ['caroline', 'home', 'city', 'lisbon', 'moved'], memberIds: ['m3'] },
  { kind: 'entity', key: 'caroline', terms: ['caroline', 'pottery', 'lisbon', 'moved', 'hobby'], memberIds: ['m1', 'm2', 'm3'] },
  { kind: 'entity', key: 'melanie', terms: ['melanie', 'painting', 'sunset'], memberIds: ['m4'] },
  { kind: 'session', key: 's1', terms: ['pottery', 'classes', 'weekends', 'clay'], memberIds: ['m1'] },
  { kind: 'session', key: 's2', terms: ['pottery', 'clay', 'kiln', 'glaze'], memberIds: ['m2', 'm5'] },
  { kind: 'session', key: 's3', terms: ['painting', 'sunset', 'canvas', 'lake'], memberIds: ['m4'] },
];

const QUESTIONS = [
  ['caroline', 'hobby'], ['caroline', 'moved', 'city'], ['pottery', 'clay', 'kiln'], ['pottery', 'classes', 'weekends', 'clay'],
  ['melanie', 'painting'], ['painting', 'sunset', 'canvas'], ['nothing', 'here'], ['hobbies', 'caroline', 'pottery'], [],
];

describe('tiers read from the database (one-shot store)', () => {
  let dir: string;
  let oneShot: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-tiers-'));
    oneShot = openSqliteStore(path.join(dir, 'p.db'), 'p', { loadIndexes: 'warm' });
  });
  afterEach(async () => {
    await oneShot.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the same archive entries, in the same order, as the loaded archive index', async () => {
    await oneShot.replaceArchive(ENTRIES);
    const lookup = (await oneShot.tierLookup())!;
    const loaded = new ArchiveSearch(await oneShot.archiveEntries());
    for (const terms of QUESTIONS) expect(lookup.searchArchive(terms)).toEqual(loaded.search(terms));
    expect(lookup.searchArchive(['pottery', 'clay', 'kiln']).entries.map((e) => e.key)).toContain('s2');
  });

  it('tells cold memories by id, and reads nothing whole when nothing is cold', async () => {
    const empty = (await oneShot.tierLookup())!;
    expect(empty.hasCold).toBe(false);
    expect(empty.searchArchive(['caroline'])).toEqual({ entries: [], memberIds: [] });
    const dataDir = path.join(dir, 'data');
    const mem = openMemory({ dataDir, embedder: false, worker: { background: false } });
    const hot = (await mem.profile('p').remember({ content: 'The deploy target is Fly.io' })).memory;
    const cold = (await mem.profile('p').remember({ content: 'Caroline took up pottery' })).memory;
    await mem.close();
    await oneShot.close();
    oneShot = openSqliteStore(path.join(dataDir, 'profiles', 'p.db'), 'p', { loadIndexes: 'warm' });
    await oneShot.setTier([cold.id], 'cold');
    const lookup = (await oneShot.tierLookup())!;
    expect(lookup.hasCold).toBe(true);
    expect([lookup.isCold(cold.id), lookup.isCold(hot.id), lookup.isCold('missing')]).toEqual([true, false, false]);
  });

  it('a long-lived store reads the archive per question too, and its cold set follows tier changes', async () => {
    const dataDir = path.join(dir, 'data');
    const mem = openMemory({ dataDir, embedder: false, worker: { background: false } });
    const a = (await mem.profile('p').remember({ content: 'The deploy target is Fly.io' })).memory;
    const b = (await mem.profile('p').remember({ content: 'Caroline took up pottery' })).memory;
    await mem.close();
    const server = openSqliteStore(path.join(dataDir, 'profiles', 'p.db'), 'p');
    try {
      await server.replaceArchive(ENTRIES);
      const loaded = new ArchiveSearch(await server.archiveEntries());
      const first = (await server.tierLookup())!;
      for (const terms of QUESTIONS) expect(first.searchArchive(terms)).toEqual(loaded.search(terms));
      expect(first.hasCold).toBe(false);
      // Another connection (another thread or process) moves a memory to the cold tier.
      const writer = openSqliteStore(path.join(dataDir, 'profiles', 'p.db'), 'p');
      await writer.setTier([b.id], 'cold');
      await writer.close();
      const after = (await server.tierLookup())!;
      expect([after.hasCold, after.isCold(b.id), after.isCold(a.id)]).toEqual([true, true, false]);
    } finally {
      await server.close();
    }
  });

  it('a long-lived store answers from what it read of the archive until another connection rewrites it', async () => {
    const file = path.join(dir, 'p.db');
    await oneShot.replaceArchive(ENTRIES);
    const server = openSqliteStore(file, 'p');
    try {
      const before = new ArchiveSearch(ENTRIES);
      for (let round = 0; round < 2; round++) {
        const lookup = (await server.tierLookup())!;
        for (const terms of QUESTIONS) expect(lookup.searchArchive(terms)).toEqual(before.search(terms));
      }
      // The next tiering run, in another process: Caroline's hobby moved, Melanie's entry left.
      const next: ArchiveEntry[] = [
        { kind: 'topic', key: 'caroline.hobby', terms: ['caroline', 'hobby', 'climbing', 'gym'], memberIds: ['m6'] },
        ...ENTRIES.filter((e) => e.key !== 'caroline.hobby' && e.key !== 'melanie'),
      ];
      await oneShot.replaceArchive(next);
      const after = new ArchiveSearch(await oneShot.archiveEntries());
      const lookup = (await server.tierLookup())!;
      for (const terms of [...QUESTIONS, ['caroline', 'climbing', 'gym']]) expect(lookup.searchArchive(terms)).toEqual(after.search(terms));
      expect(lookup.searchArchive(['caroline', 'hobby']).memberIds).toContain('m6');
      expect(lookup.searchArchive(['melanie', 'painting']).entries.map((e) => e.key)).not.toContain('melanie');
    } finally {
      await server.close();
    }
  });

  it('a long-lived store finds the same entries when a word lists some it read for another word', async () => {
    // Eight sessions share "clay", seven of them "glaze": asked after "glaze", "clay" lists one entry not yet read.
    const sessions: ArchiveEntry[] = Array.from({ length: 8 }, (_, i) => ({
      kind: 'session', key: `c${i}`, terms: ['clay', i < 7 ? 'glaze' : 'kiln', i % 2 ? 'wheel' : 'studio'], memberIds: [`c${i}m`],
    }));
    const entries = [...ENTRIES, ...sessions];
    await oneShot.replaceArchive(entries);
    const loaded = new ArchiveSearch(await oneShot.archiveEntries());
    const server = openSqliteStore(path.join(dir, 'p.db'), 'p');
    try {
      const lookup = (await server.tierLookup())!;
      for (const terms of [['glaze'], ['clay'], ['clay', 'wheel'], ['glaze', 'kiln', 'clay']]) {
        expect(lookup.searchArchive(terms)).toEqual(loaded.search(terms));
      }
      expect(lookup.searchArchive(['clay']).entries.map((e) => e.key)).toContain('c7');
    } finally {
      await server.close();
    }
  });

  it('an archive written before the postings existed is loaded whole instead', async () => {
    await oneShot.replaceArchive(ENTRIES);
    const db = (oneShot as unknown as { conn: { db: import('better-sqlite3').Database } }).conn.db;
    db.exec(`DELETE FROM archive_words; DELETE FROM meta WHERE key = 'lifecycle.archive_words'`);
    expect(await oneShot.tierLookup()).toBeNull();
    const server = openSqliteStore(path.join(dir, 'p.db'), 'p');
    expect(await server.tierLookup()).toBeNull();
    await server.close();
  });

  it('a one-shot recall escalates through the archive as a loaded one does', async () => {
    const dataDir = path.join(dir, 'data');
    const seedMem = openMemory({ dataDir, embedder: false, worker: { background: false } });
    const p = seedMem.profile('p');
    await p.remember({ content: 'seed' }); // creates the profile
    const doc = await p.export();
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const base = doc.memories[0];
    await p.import({ ...doc, memories: [
      { ...base, id: 'a'.repeat(32), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', createdAt: old, updatedAt: old },
      { ...base, id: 'b'.repeat(32), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target' },
    ] }, { strategy: 'replace' });
    await p.tier({ coldAfter: '90d' });
    // Every pass a miss: the gate reads the archive (a cold memory that answers is ranked without it).
    setRecallTuning({ escalateBelow: 1.01 });
    const loaded = await p.recall('What hobby did Caroline take up?', { synthesize: false });
    await seedMem.close();
    const once = openMemory({ dataDir, embedder: false, worker: { background: false }, loadIndexes: 'warm' });
    const r = await once.profile('p').recall('What hobby did Caroline take up?', { synthesize: false });
    await once.close();
    setRecallTuning({});
    expect(r.reading.tiers).toEqual(loaded.reading.tiers);
    expect(r.reading.tiers!.why.join('\n')).toMatch(/archive index matched .*caroline/);
    expect(r.memories.map((m) => m.id)).toEqual(loaded.memories.map((m) => m.id));
  });
});
