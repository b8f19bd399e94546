import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { answerPhrase } from '../src/recall/answer-phrase.js';
import { contentOwnership, misattributionGap } from '../src/recall/answerability.js';
import { questionNames } from '../src/recall/name-binding.js';
import { presupposedNames } from '../src/recall/unknown-names.js';

const DEV_CHAT = [
  'hey, fyi we use pnpm now, we switched from npm',
  'waiting on review for PR #123, so do not merge the auth branch yet',
  'always run the linter before deploy',
  'Our database is Postgres 15 and the backend runs on Node 20.',
  'The repo name is mnemo-web, after the old project name.',
];
const ANN_BOB = [
  'Bob: I painted a sunrise over the lake last weekend, my first oil painting.',
  'Ann: Your lake sunrise painting sounds wonderful, Bob!',
  'Ann: I adopted a rescue dog named Pixel in March.',
  'Bob: Pixel is a great name for a dog.',
];
const CARA_DAN = ['Cara: I repainted my kitchen walls a pale green last weekend.', 'Dan: Green kitchens are lovely, Cara.', 'Cara: My cat Miso hid under the sofa the whole time.'];

let dir: string;
let mem: MnemoApi;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mnemo-abstain-'));
  mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
  const at = (i: number) => `2026-04-1${i}T10:00:00Z`;
  await mem.profile('dev').ingest(DEV_CHAT.map((content, i) => ({ role: 'user' as const, content, timestamp: at(i) })), { sessionId: 's1', wait: true });
  await mem.profile('ann').ingest(ANN_BOB.map((content, i) => ({ role: 'user' as const, content, timestamp: at(i) })), { sessionId: 's1', wait: true });
  await mem.profile('cara').ingest(CARA_DAN.map((content, i) => ({ role: 'user' as const, content, timestamp: at(i) })), { sessionId: 's1', wait: true });
});
afterAll(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('offline recall says "nothing found" when nothing was said', () => {
  it('abstains on something the profile never mentioned, though another word of the question matches', async () => {
    const r = await mem.profile('dev').recall("what is my dog's name?");
    expect(r).toMatchObject({ answer: null, abstained: true, confidence: 0 });
  });

  it('still answers what was said', async () => {
    const r = await mem.profile('dev').recall('which package manager do we use?');
    expect(r.abstained).toBe(false);
    expect(r.answer).toMatch(/pnpm/);
  });

  it('abstains when the question is asked of the wrong profile, and answers in the right one', async () => {
    const right = await mem.profile('ann').recall('What did Bob paint over the lake?');
    expect(right.abstained).toBe(false);
    expect(right.answer).toMatch(/sunrise/);
    // Cara's profile also speaks of painting, but no Bob ever spoke in it.
    const wrong = await mem.profile('cara').recall('What did Bob paint last weekend?');
    expect(wrong).toMatchObject({ answer: null, abstained: true });
  });

  it('abstains when the question pins on one speaker what the other did, even if the first spoke of it to them', async () => {
    const r = await mem.profile('ann').recall('What did Ann paint over the lake?');
    expect(r).toMatchObject({ answer: null, abstained: true });
    const owned = await mem.profile('ann').recall('What is the name of the dog Ann adopted?');
    expect(owned.abstained).toBe(false);
    expect(owned.answer).toMatch(/Pixel/);
  });
});

describe('ownership of what a question asks about', () => {
  it('gives a sentence that speaks only of "you" to the listener', () => {
    const lines = ['Bob: I painted a sunrise over the lake.', 'Ann: Your lake sunrise painting sounds wonderful, Bob!'];
    expect(contentOwnership('What did Ann paint over the lake?', lines)).toEqual({ own: 0, others: 1 });
    expect(misattributionGap('What did Ann paint over the lake?', lines)).toBe(1);
    expect(misattributionGap('What did Bob paint over the lake?', lines)).toBe(0);
  });

  it('has nothing to check when the question names no author', () => {
    expect(contentOwnership('What did Zoe paint?', ['Bob: I painted a sunrise.'])).toBeNull();
  });

  it('reads what a question presupposes: names and things spoken of as someone’s', () => {
    expect(presupposedNames("What is my dog's name?")).toEqual(['dog']);
    expect(presupposedNames('Where does our staging server live?')).toEqual(['staging']);
    expect(presupposedNames('What did Bob paint?')).toEqual(['bob']);
  });

  it('takes neither a function word in capitals nor the conversation itself for something presupposed', () => {
    expect(presupposedNames('List what I said about the linter across our conversations. Mention ONLY two items.')).toEqual([]);
    expect(presupposedNames('Which tool did Bob NOT use in my chats?')).toEqual(['bob']);
    expect(questionNames('Mention ONLY and ONLY three points about Eternal Sunshine.')).toEqual([['eternal', 'sunshine']]);
  });

  it('keeps a name after an opening word in capitals, and two-letter names', () => {
    expect(questionNames('WHEN Ann visited Paris, what did she eat?')).toEqual([['ann'], ['paris']]);
    expect(questionNames('DID Ann go to Paris?')).toEqual([['ann'], ['paris']]);
    expect(presupposedNames('Who runs the US office of Acme?')).toContain('us');
  });
});

describe('emphasis in a question', () => {
  for (const question of [
    'Can you list the order in which I brought up the linter and the deploy across our conversations? Mention ONLY two items.',
    'In what sequence did I raise deploy matters in our chats? ONLY the main ones, please.',
    'Give me a timeline of what I said about the linter and deploys, and NOT anything else.',
  ]) {
    it(`does not make an answerable question abstain: "${question}"`, async () => {
      const r = await mem.profile('dev').recall(question);
      expect(r.abstained).toBe(false);
      expect(r.answer).toMatch(/linter|deploy/i);
    });
  }

  it('still abstains on a thing never mentioned', async () => {
    const r = await mem.profile('dev').recall("What is my dog's name? Tell me ONLY the name.");
    expect(r).toMatchObject({ answer: null, abstained: true });
  });
});

describe('extractive answers keep words and numbers whole', () => {
  const terms = (q: string) => new Set((q.toLowerCase().match(/[a-z]+/g) ?? []).map((w) => w.slice(0, 5)));

  it('never splits a time, an amount or a decimal at its punctuation', () => {
    expect(answerPhrase('Book the 6:30 table at the bistro for Friday', terms('what table should I book'))).toContain('6:30');
    expect(answerPhrase('We raised $1,250 for the shelter, which was amazing', terms('how much did we raise'))).toBe('We raised $1,250 for the shelter');
    expect(answerPhrase('The meeting is at 10:15, bring the slides', terms('when is the meeting'))).toBe('The meeting is at 10:15');
  });

  it('answers end to end with the whole time', async () => {
    await mem.profile('dev').ingest([{ role: 'user', content: 'Book the 6:30 table at the bistro for the team dinner on Friday.' }], { sessionId: 's2', wait: true });
    const r = await mem.profile('dev').recall('which table should I book for the team dinner?');
    expect(r.answer).toMatch(/6:30/);
  });
});
