/** A topic memory answers a question about its person and topic; through the library, on real SQLite. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { DEFAULT_TUNING, setRecallTuning } from '../src/recall/tuning.js';

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-topic-answers-'));
  mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
  // Off by default (src/recall/tuning.ts). Each of Ann's lines below opens its session, and the speaker
  // focus, which runs after, would lift one of them over the topic memory: left out here.
  setRecallTuning({ topicAnswers: true, speakerFocus: { ...DEFAULT_TUNING.speakerFocus, openingGain: 0 } });
});
afterEach(async () => {
  setRecallTuning({});
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

const CHAT: [string, number, string][] = [
  ['s1', 1, 'Ann: I signed up for a pottery class at the community center.'],
  ['s1', 1, 'Ben: I repaired the fence behind the garage.'],
  ['s2', 2, 'Ann: My pottery class finished a big bowl for my mother.'],
  ['s2', 2, 'Ben: I finally finished a pottery vase for the pottery fair, pottery all weekend.'],
  ['s3', 3, 'Ann: I glazed three mugs in pottery today.'],
  ['s3', 3, 'Ben: I went hiking in the mountains with my sister.'],
];

async function consolidated(): Promise<ProfileApi> {
  const p = mnemo.profile('ann');
  await p.ingest(CHAT.map(([s, d, c]) => ({ role: 'user' as const, content: c, sessionId: s, timestamp: `2024-03-0${d}T10:00:00Z` })), { wait: true });
  await p.consolidate({ kinds: ['semantic'] });
  return p;
}

const ask = (p: ProfileApi, q: string) => p.recall(q, { limit: 10, referenceDate: '2024-03-10T00:00:00Z' });

describe('a topic memory answering the question', () => {
  it('ranks first for a question naming its person and topic, so every turn it gathers is read with it', async () => {
    const p = await consolidated();
    const topic = (await p.list({ limit: 100 })).items.find((m) => m.tags.includes('semantic') && /^Ann on pottery/.test(m.content))!;
    expect(topic.sourceMessageIds).toHaveLength(3);
    const r = await ask(p, 'What has Ann made in her pottery class?');
    const first = [...r.memories, ...r.messages].sort((a, b) => b.score - a.score)[0]!;
    expect(first.id).toBe(topic.id);
  });

  it('waits at its own score when the question names someone else', async () => {
    const p = await consolidated();
    const r = await ask(p, 'What did Ben make for the pottery fair?');
    const order = [...r.memories, ...r.messages].sort((a, b) => b.score - a.score);
    const at = order.findIndex((x) => 'tags' in x && x.tags.includes('semantic'));
    expect(at === -1 || at > 0).toBe(true);
    expect(order[0]!.content).toMatch(/Ben/);
  });
});
