import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { DEFAULT_TUNING, setRecallTuning } from '../src/recall/tuning.js';

describe('an overview of a thread the question names', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-overview-thread-')); });
  afterEach(() => {
    setRecallTuning({});
    rmSync(dir, { recursive: true, force: true });
  });

  // The mentor is named in 6 of 48 turns (12.5 %): more than a rare name, far less than a speaker.
  // Long turns, as people write them, where the name is one word among many.
  const aside = ' I also went over the reading list, sorted my notes by chapter, answered a few emails from classmates, and planned the rest of the month around the seminar schedule and the library hours.';
  const mentor = [
    'Tomorrow I meet Robert, my new academic mentor, at the library.',
    "Robert's old essay on media has angles I could borrow.",
    'Robert wants stronger warrants for every claim.',
    'Robert suggested a journal for the finished piece.',
    'A call with Robert is set for the twentieth.',
    'Robert liked the new introduction.',
  ].map((t) => t + aside + aside.replace('also', 'then') + aside.replace('also', 'later'));
  // Short turns holding the question's other words, which would fill an overview on their own.
  const topics = ['budget', 'printer', 'standup', 'roadmap', 'hiring', 'laptop', 'vendor', 'office', 'travel', 'training', 'backlog', 'release', 'audit', 'survey'];
  const busy = topics.flatMap((t) => [`Thesis decisions on the ${t} chapter.`, `Lunch with the ${t} team.`, `The ${t} meeting ran late.`]);

  async function overview(): Promise<string[]> {
    const mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    try {
      const p = mem.profile('default');
      const day = (d: number) => new Date(Date.UTC(2024, 2, 1 + d)).toISOString();
      const turns = [...mentor, ...busy];
      // Interleaved over six sessions, so each session holds both kinds.
      const order = turns.map((_, i) => i).sort((a, b) => (a % 8) - (b % 8) || a - b);
      await p.ingest(order.map((i, n) => ({ role: 'user' as const, content: turns[i]!, sessionId: `s${n % 6}`, timestamp: day(n) })), { wait: true });
      const result = await p.recall('Give me a summary of how my thesis work with Robert has developed, with the key decisions.', { limit: 10 });
      expect(result.reading.kind).toBe('overview');
      return result.messages.map((m) => m.content);
    } finally {
      await mem.close();
    }
  }

  it("gathers the name's mentions, however they are worded", async () => {
    const found = (await overview()).filter((c) => mentor.includes(c));
    expect(found.length).toBeGreaterThanOrEqual(5);
  });

  it('finds fewer of them when a name that common gathers nothing (the cap for other questions)', async () => {
    setRecallTuning({ overview: { ...DEFAULT_TUNING.overview, entityMaxShare: DEFAULT_TUNING.entityMaxShare, entityWeight: DEFAULT_TUNING.entityWeight } });
    const found = (await overview()).filter((c) => mentor.includes(c));
    expect(found.length).toBeLessThan(3);
  });
});
