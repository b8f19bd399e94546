import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import type { Candidate } from '../src/recall/candidate.js';
import { followUps } from '../src/recall/follow-ups.js';
import { msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

const ranked = (...c: [string, number][]): Candidate[] => c.map(([id, score]) => ({ kind: 'message', id, score, own: score, hits: [] }));

describe("a sequence question counts what the person raised next about the same thing", () => {
  const temp = useTempSqliteStore('mnemo-follow-ups-');

  async function session() {
    const raised = msg('s1', 'user', 'I want to add city autocomplete to my weather app with a 300 ms debounce.');
    const reply = msg('s1', 'assistant', 'Debounce the input handler and cancel stale requests.');
    const next = msg('s1', 'user', 'hmm, what if someone types faster than that?');
    const reply2 = msg('s1', 'assistant', 'Then only the last keystroke fires a request.');
    const later = msg('s2', 'user', 'The weather app now needs a dark theme.');
    await temp.store.insertMessages([raised, reply, next, reply2, later]);
    return { raised, reply, next, reply2, later };
  }

  it("places the speaker's next turn after the reply by its share of the raising turn's score", async () => {
    const t = await session();
    const out = await followUps(temp.store, ranked([t.raised.id, 1], [t.later.id, 0.8], [t.reply.id, 0.3]), { seeds: 10, share: 0.5 });
    expect(out.map((c) => c.id)).toEqual([t.raised.id, t.later.id, t.next.id, t.reply.id]);
    expect(out[2]!.score).toBeCloseTo(0.5);
  });

  it('follows user turns only, and keeps the order of everything else', async () => {
    const t = await session();
    // The reply ranks first but is not what the person raised; ties stay in their given order.
    const out = await followUps(temp.store, ranked([t.reply.id, 1], [t.later.id, 0.4], [t.reply2.id, 0.4]), { seeds: 10, share: 0.5 });
    expect(out.map((c) => c.id)).toEqual([t.reply.id, t.later.id, t.reply2.id]);
  });

  it('leaves the ranking as it was with no share', async () => {
    const t = await session();
    const before = ranked([t.raised.id, 1], [t.later.id, 0.8]);
    expect(await followUps(temp.store, before, { seeds: 10, share: 0 })).toBe(before);
  });
});

describe('recall of a sequence question brings the follow-up that shares no word with it', () => {
  let dir: string;
  let memory: MnemoApi;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-follow-ups-recall-'));
    memory = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
  });
  afterEach(async () => {
    await memory.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function history() {
    const p = memory.profile('default');
    const day = (d: number, h = 9) => `2024-0${d}-01T${String(h).padStart(2, '0')}:00:00Z`;
    await p.ingest([
      { role: 'user', content: 'I want to add city autocomplete to my weather app with a 300 ms debounce, how should I wire the input?', timestamp: day(1) },
      { role: 'assistant', content: 'Debounce the input handler, cancel stale fetches, and keep five suggestions.', timestamp: day(1, 10) },
      { role: 'user', content: 'hmm, what if someone types faster than that?', timestamp: day(1, 11) },
      { role: 'assistant', content: 'Then only the last keystroke fires a request.', timestamp: day(1, 12) },
    ], { sessionId: 's1', wait: true });
    // Later sessions where the app comes back, so that the question's words find several moments.
    for (let s = 2; s <= 6; s++) {
      await p.ingest([
        // The user's other turn comes before the app's, so it continues nothing the question finds.
        { role: 'user', content: `Thanks, I will note that in my diary for session ${s}.`, timestamp: day(s) },
        { role: 'assistant', content: 'Glad it helped.', timestamp: day(s, 10) },
        { role: 'user', content: `Session ${s}: my weather app needs step ${s} of its release checklist done.`, timestamp: day(s, 11) },
        { role: 'assistant', content: `Step ${s} of the checklist: tests, build, and a changelog line.`, timestamp: day(s, 12) },
      ], { sessionId: `s${s}`, wait: true });
    }
    return p;
  }

  for (const question of [
    'Can you list the order in which I brought up different aspects of my weather app across our conversations?',
    'In what sequence did I raise weather app matters throughout our chats?',
    'Give me a timeline of my weather app work across these sessions.',
  ]) {
    it(`"${question}"`, async () => {
      const p = await history();
      const result = await p.recall(question, { limit: 7, referenceDate: '2024-07-01T00:00:00Z' });
      const texts = result.messages.map((m) => m.content);
      expect(texts.some((t) => t.startsWith('hmm, what if someone types faster'))).toBe(true);
    });
  }
});
