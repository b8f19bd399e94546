import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { loadGloveTable } from '../src/models/embedders/glove/glove-cache.js';
import { GloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { feedbackTerms, rarityOf } from '../src/recall/feedback-terms.js';
import { setRecallTuning } from '../src/recall/tuning.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'mnemo-feedback-glove-'));
let dir: string;
let mem: MnemoApi;
let glove: GloveEmbedder;

/** The answer turn shares no word with the question; the turns that do all talk about lasagna and ricotta. */
const CHAT = [
  'I signed up for the neighbourhood potluck next Saturday, I will bring a lasagna.',
  'For the potluck lasagna I still need ricotta from the market.',
  'The market was out of ricotta, so the potluck plan might change.',
  'Finished layering the ricotta and spinach into the lasagna tonight, it smells amazing.',
  'My bike chain snapped on the way to work this morning.',
  'We watched a documentary about deep sea creatures.',
  'The dentist moved my appointment to Thursday afternoon.',
];
const ANSWER = CHAT[3];

beforeAll(async () => {
  glove = new GloveEmbedder((await loadGloveTable({ cacheDir, maxWords: 60_000 })).table);
  dir = mkdtempSync(join(tmpdir(), 'mnemo-feedback-'));
  mem = openMemory({ dataDir: dir, embedder: glove, worker: { background: false } });
  await mem.profile('p').ingest(
    CHAT.map((content, i) => ({ role: 'user' as const, content, timestamp: `2026-03-0${i + 1}T10:00:00Z` })),
    { sessionId: 's1', wait: true },
  );
});
afterEach(() => setRecallTuning({}));
afterAll(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('feedback words', () => {
  it('keeps words several feedback turns share, rare ones first, never the query words or their forms', () => {
    const texts = ['people loved the ricotta lasagna', 'people said the lasagna needed ricotta', 'people want ricotta', 'cooking lasagnas'];
    const terms = feedbackTerms(texts, ['lasagnas', 'cook'], 5, rarityOf(glove));
    expect(terms[0]).toBe('ricotta');
    expect(terms).not.toContain('lasagna');
    expect(terms).not.toContain('cooking');
    expect(terms.indexOf('people')).toBeGreaterThan(terms.indexOf('ricotta'));
    expect(feedbackTerms(['only this one mentions ricotta', 'another sentence'], ['x'], 5)).toEqual([]);
  });

  it('rates an unknown word as rare and a common one as common', () => {
    const rarity = rarityOf(glove)!;
    expect(rarity('zzqxunknownword')).toBe(1);
    expect(rarity('really')).toBeLessThan(rarity('ricotta'));
    expect(rarityOf({ embed: async () => [] })).toBeUndefined();
  });
});

describe('pseudo-relevance feedback in recall', () => {
  const lexicalHit = async () => {
    const r = await mem.profile('p').recall('what is the plan for the potluck?', { limit: 10 });
    return r.messages.find((m) => m.content === ANSWER)?.channels.some((c) => c.channel === 'messages') ?? false;
  };

  it('off by default: a turn without the question’s words gets no word-search hit', async () => {
    expect(await lexicalHit()).toBe(false);
  });

  it('finds that turn through the words the first pass’s best turns share', async () => {
    setRecallTuning({ feedbackTermsWeight: 0.3 });
    expect(await lexicalHit()).toBe(true);
  });

  it('moves the query vector towards the feedback turns, lifting the turn that shares their topic', async () => {
    const rankOf = async () => (await mem.profile('p').recall('what is the plan for the potluck?', { limit: 10 })).messages.findIndex((m) => m.content === ANSWER);
    setRecallTuning({ messageVectorWeight: 0 });
    const without = await rankOf();
    setRecallTuning({ messageVectorWeight: 0, feedbackVectorWeight: 0.5 });
    const withFeedback = await rankOf();
    expect(withFeedback).toBeGreaterThanOrEqual(0);
    expect(without === -1 || withFeedback < without).toBe(true);
  });
});
