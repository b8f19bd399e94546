import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { GloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { loadGloveTable } from '../src/models/embedders/glove/glove-cache.js';
import { asksForSet, setCategory } from '../src/recall/aggregation.js';
import type { Candidate } from '../src/recall/candidate.js';
import { boostCategoryMembers } from '../src/recall/category-match.js';
import { spreadSet } from '../src/recall/set-breadth.js';
import { setRecallTuning } from '../src/recall/tuning.js';
import { entityChannel } from '../src/recall/entity-channel.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import { msg } from './contract/harness.js';
import type { MessageInput } from '../src/schemas.js';

function candidate(id: string, content: string, score: number, sessionId = 's'): Candidate {
  const message = { id, sessionId, role: 'user' as const, content, timestamp: null, metadata: null, seq: 0, createdAt: '2024-01-01T00:00:00.000Z' };
  return { kind: 'message', id, score, own: score, hits: [], message };
}

describe('set questions (class: the answer is a set of things gathered across the history)', () => {
  it('are recognised by grammatical number in paraphrases that share no trigger word', () => {
    // A question word determining a plural noun, a plural copula, a request with a plural or quantified object.
    expect(setCategory('Which cities has Ana lived in?')).toBe('cities');
    expect(setCategory('What were the reasons Ana gave for moving?')).toBe('reasons');
    expect(setCategory('Name every town Ana called home.')).toBe('town');
    expect(setCategory('Tell me all the instruments Tom plays')).toBe('instruments');
    expect(setCategory('Could you list the sports Tom tried last year?')).toBe('sports');
    expect(setCategory('What kinds of books does Tom read?')).toBe('books');
  });

  it('find the plural noun behind the words that describe it, in paraphrases sharing no word', () => {
    // A determined noun phrase whose head comes after describing words, then its auxiliary.
    expect(setCategory('What martial arts has John done?')).toBe('arts');
    expect(setCategory('Which European countries did Lea visit?')).toBe('countries');
    expect(setCategory('What outdoor team sports does Kim enjoy?')).toBe('sports');
    // A describing word must not be a stopword or verb, and the noun must be plural and not a measure.
    for (const q of ['What exact time does the shop open?', 'Which very old car did Sam sell?', 'What last few years have you lived there?', 'What she bought cars do you know?']) {
      expect(setCategory(q), q).toBeNull();
    }
  });

  it('leave questions for one value alone, whatever words they share with set questions', () => {
    for (const q of [
      "What is Ana's favorite city?",
      'Which city did Ana move to?',
      'What makes Jon a good mentor?',
      'How many sources are in my library?',
      'What did Tom say about the books?',
      'Which years did she spend abroad?',
      'Where did Ana live in 2020?',
      'When were the tickets booked?',
      'In my notes about coins, how many calculations did I try?',
      'Considering the reviews, how should I prioritize the chapters?',
      'Show the steps?',
    ]) expect(asksForSet(q), q).toBe(false);
  });
});

describe('breadth for set questions', () => {
  it('puts a distinct piece above a near-copy of a better one, and keeps scores falling in the new order', () => {
    const ranked = [
      candidate('a', 'I play the violin every evening', 1.0, 's1'),
      candidate('b', 'I play the violin every evening now', 0.95, 's1'),
      candidate('c', 'Started the clarinet when I was young', 0.8, 's2'),
      candidate('d', 'The weather was nice', 0.1, 's3'),
    ];
    const out = spreadSet(ranked, { window: 3, sessionKeep: 1, copyKeep: 0.5 }).sort((x, y) => y.score - x.score);
    expect(out.map((c) => c.id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('spreads over sessions when asked, and changes nothing when off', () => {
    const ranked = () => [candidate('a', 'alpha one', 1, 's1'), candidate('b', 'beta two', 0.9, 's1'), candidate('c', 'gamma three', 0.8, 's2')];
    expect(spreadSet(ranked(), { window: 10, sessionKeep: 0.5, copyKeep: 1 }).map((c) => c.id)).toEqual(['a', 'c', 'b']);
    expect(spreadSet(ranked(), { window: 10, sessionKeep: 1, copyKeep: 1 }).map((c) => c.score)).toEqual([1, 0.9, 0.8]);
  });
});

describe('members of the kind a set question names', () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'mnemo-glove-set-'));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('gain over turns that hold none, by word vectors, without the question words', async () => {
    const embedder = new GloveEmbedder((await loadGloveTable({ cacheDir, maxWords: 60_000 })).table);
    const ranked = [
      candidate('chat', 'We chatted for hours about nothing much', 1),
      candidate('violin', 'Evenings are for my violin', 0.9),
      candidate('asks', 'Do you have instruments at home?', 0.95),
    ];
    const out = await boostCategoryMembers(ranked, 'instruments', ['instruments', 'tom', 'play'], embedder, { boost: 1, floor: 0.3, window: 10 });
    const score = Object.fromEntries(out.map((c) => [c.id, c.score]));
    expect(score.violin).toBeGreaterThan(score.chat!);
    expect(score.asks).toBe(0.95); // its only close word is the question's own
    // No local word vectors: nothing changes.
    expect((await boostCategoryMembers([candidate('x', 'violin', 0.5)], 'instruments', [], null, { boost: 1, floor: 0.3, window: 10 }))[0]!.score).toBe(0.5);
  });
});

describe('recall of a set question and of a named thing (end to end)', () => {
  let dir: string;
  let mem: MnemoApi;
  let p: ProfileApi;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-set-'));
    mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    p = mem.profile('default');
  });
  afterEach(async () => {
    setRecallTuning({});
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const turn = (sessionId: string, day: number, content: string): MessageInput => ({
    role: 'user', content, sessionId, timestamp: new Date(Date.UTC(2024, 2, day)).toISOString(),
  });

  it('reads a set question as a set and drops near-copies for pieces from other moments', async () => {
    await p.ingest([
      turn('s1', 1, 'Ana: I lived in Lisbon for two years before the move.'),
      turn('s1', 1, 'Ana: I lived in Lisbon for two years before the move, really.'),
      turn('s1', 1, 'Ana: I lived in Lisbon for two years before that move.'),
      turn('s2', 5, 'Ana: Back when I lived in Porto the rent was low.'),
      turn('s3', 9, 'Ana: Groceries are expensive lately.'),
    ], { wait: true });
    const result = await p.recall('Which cities has Ana lived in?', { limit: 3 });
    expect(result.reading.kind).toBe('set');
    expect(result.messages.map((m) => m.content)).toContain('Ana: Back when I lived in Porto the rent was low.');
    const one = await p.recall('Where did Ana live before the move?', { limit: 3 });
    expect(one.reading.kind).toBe('lookup');
  });

});

describe('entity mentions as a recall channel', () => {
  let dataDir: string;
  beforeEach(() => { dataDir = mkdtempSync(path.join(tmpdir(), 'mnemo-entity-channel-')); });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gathers every mention of a rarely named thing across sessions, rarest names first, and skips names found everywhere', async () => {
    const provider = createSqliteProvider({ dataDir });
    const store = await provider.open('default');
    const filler = Array.from({ length: 40 }, (_, i) => msg(`f${i % 4}`, 'user', `Ana: note ${i} about the chores.`));
    const a = msg('s1', 'user', 'Ana: We adopted a puppy and named her Biscuit.');
    const b = msg('s2', 'user', 'Ana: Took Biscuit to see Dr Reyes for her shots.');
    const c = msg('s3', 'user', 'Ana: Biscuit chewed through the sofa cushion.');
    await store.insertMessages([...filler, a, b, c]);
    const [messages, memories] = await entityChannel({ store, query: 'What did Dr Reyes and Ana say about Biscuit?', maxShare: 0.1, depth: 50 });
    expect(new Set(messages!.hits.map((h) => h.id))).toEqual(new Set([a.id, b.id, c.id]));
    expect(messages!.hits[0]!.id).toBe(b.id); // names two of the question's rare entities
    expect(messages!.hits[0]!.score).toBeGreaterThan(messages!.hits[1]!.score);
    expect(memories!.hits).toEqual([]);
    // Ana is in every turn: naming her gathers nothing.
    expect(await entityChannel({ store, query: 'What did Ana say?', maxShare: 0.1, depth: 50 })).toEqual([]);
    await provider.close();
  });
});
