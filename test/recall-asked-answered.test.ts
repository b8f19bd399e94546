import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { liftAnswers } from '../src/recall/asked-answered.js';
import type { Candidate } from '../src/recall/candidate.js';
import { setRecallTuning } from '../src/recall/tuning.js';
import { msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

function candidate(id: string, content: string, score: number): Candidate {
  const message = { id, sessionId: 's1', role: 'user' as const, content, timestamp: null, metadata: null, seq: 0, createdAt: '2024-01-01T00:00:00.000Z' };
  return { kind: 'message', id, score, own: score, hits: [], message };
}

describe("a named person's answer to someone else's question", () => {
  const temp = useTempSqliteStore('mnemo-answers-');

  it('rises to the score of the question it answers; statements, own questions and unnamed answerers do not', async () => {
    const asks = msg('s1', 'user', 'Ben: Nice photo! How long have you two been married?');
    const answers = msg('s1', 'assistant', 'Ana: Seven years already, time flies.');
    const tells = msg('s2', 'user', 'Ben: I married young.');
    const after = msg('s2', 'assistant', 'Ana: That is lovely.');
    await temp.store.insertMessages([asks, answers, tells, after]);
    const ranked = () => [candidate(asks.id, asks.content, 1), candidate(tells.id, tells.content, 0.8)];
    const out = await liftAnswers(temp.store, 'How long have Ana and her husband been married?', ranked(), 1, 10);
    const score = Object.fromEntries(out.map((c) => [c.id, c.score]));
    expect(score[answers.id]).toBe(1); // answers a question: lifted (added even though no channel found it)
    expect(score[after.id]).toBeUndefined(); // follows a statement: untouched
    // The question names the asker, not the answerer: nothing to lift.
    expect((await liftAnswers(temp.store, 'What did Ben ask about the marriage?', ranked(), 1, 10)).map((c) => c.id)).toEqual([asks.id, tells.id]);
    // No named person, or off: nothing changes.
    expect((await liftAnswers(temp.store, 'how long were they married?', ranked(), 1, 10)).length).toBe(2);
    expect((await liftAnswers(temp.store, 'How long has Ana been married?', ranked(), 0, 10)).length).toBe(2);
  });
});

describe('recall of an answer given in other words than the question (end to end)', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-answers-e2e-')); });
  afterEach(() => {
    setRecallTuning({});
    rmSync(dir, { recursive: true, force: true });
  });

  it("ranks the named person's reply among the first results", async () => {
    const mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    try {
      const p = mem.profile('default');
      const t = new Date(Date.UTC(2024, 4, 2)).toISOString();
      const turns = [
        'Ben: Wow, that book looks great! What did you take away from it for your own life?',
        'Ana: It taught me patience and how to ask for support.',
        'Ben: I should read more books, I keep saying that about books.',
        'Ana: Sure, there are so many good ones out there.',
        'Ben: My favourite book is about life at sea, I take it away on every trip.',
        'Ana: Sounds fun, enjoy!',
        'Ben: Take away pizza tonight? I finished my book.',
        'Ana: Yes please.',
      ];
      await p.ingest(turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content, sessionId: 's1', timestamp: t })), { wait: true });
      const ask = 'What did Ana take away from the book?';
      const top = async () => (await p.recall(ask, { limit: 4 })).messages.map((m) => m.content);
      expect(await top()).toContain('Ana: It taught me patience and how to ask for support.');
      setRecallTuning({ answerLift: 0 });
      expect(await top()).not.toContain('Ana: It taught me patience and how to ask for support.');
    } finally {
      await mem.close();
    }
  });
});
