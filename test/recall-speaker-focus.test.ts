import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { focusOnNamedSpeaker as focus } from '../src/recall/speaker-focus.js';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/index.js';
import type { Store } from '../src/store/store.js';
import { msg } from './contract/harness.js';

// Every line below is already loaded, so the store is never read.
const store = {} as Store;
const focusOnNamedSpeaker = (question: string, ranked: Candidate[], o: { window: number; keep: number }) => focus(store, question, ranked, { askingKeep: 1, openingGain: 0, ...o });

function line(id: string, content: string, score: number): Candidate {
  const message = { id, sessionId: 's', role: 'user', content, timestamp: null, createdAt: '2024-01-01T00:00:00.000Z', metadata: null } as unknown as Candidate['message'];
  return { kind: 'message', id, message, score, own: score, hits: [] };
}

const OPTIONS = { window: 50, keep: 0.7 };

function dialogue(): Candidate[] {
  return [
    // Ben asks about Ana's pottery: his words match best, the answer is hers.
    line('asks', "Ben: Ana, how's the pottery class going? What have you made in the pottery class so far?", 1),
    line('answer', 'Ana: Two bowls and a vase for my mum, I love working with clay.', 0.9),
    line('bens', 'Ben: I went hiking with the kids on Sunday.', 0.8),
    line('memory', 'Ana went to a pottery class', 0.5),
  ];
}

const ids = (list: Candidate[]) => [...list].sort((a, b) => b.score - a.score).map((c) => c.id);

describe("a question about one participant ranks that participant's own lines above the other's", () => {
  // Paraphrases of one question about Ana: the focus keys on the name of a participant, not on wording.
  for (const question of ['What has Ana made in her pottery class?', 'Which things did Ana create out of clay?', 'Tell me about the objects Ana shaped with her hands.']) {
    it(`"${question}": Ana's answer rises above Ben's question about it`, async () => {
      const out = await focusOnNamedSpeaker(question, dialogue(), OPTIONS);
      expect(ids(out).slice(0, 2)).toEqual(['answer', 'asks']);
      expect(out.find((c) => c.id === 'bens')!.score).toBeCloseTo(0.56);
      // A line without a speaker's name (an extracted memory, a plain turn) keeps its score.
      expect(out.find((c) => c.id === 'memory')!.score).toBe(0.5);
    });
  }

  it('leaves the ranking alone for a question naming no participant, both of them, or with the focus off', async () => {
    for (const question of ['What has she made in her pottery class?', 'What did Ana and Ben talk about?', 'What did Carl make?']) {
      expect((await focusOnNamedSpeaker(question, dialogue(), OPTIONS)).map((c) => c.score)).toEqual([1, 0.9, 0.8, 0.5]);
    }
    expect((await focusOnNamedSpeaker('What has Ana made?', dialogue(), { window: 50, keep: 1 })).map((c) => c.score)).toEqual([1, 0.9, 0.8, 0.5]);
  });

  it('reads only the best `window` candidates', async () => {
    const out = await focusOnNamedSpeaker('What has Ana made?', dialogue(), { window: 2, keep: 0.7 });
    expect(out.find((c) => c.id === 'asks')!.score).toBeCloseTo(0.7);
    expect(out.find((c) => c.id === 'bens')!.score).toBe(0.8);
  });
});

describe("of the named participant's own lines, questions to the other rank lower and session openers higher", () => {
  let dir: string;
  let db: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-focus-'));
    db = openSqliteStore(path.join(dir, 'p.db'), 'p');
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Two sessions of a real store: Ana opens the second with her news; later she asks Ben about his.
  async function twoSessions(): Promise<Candidate[]> {
    const turns = [
      msg('s1', 'user', 'Ana: Hi Ben! Busy week at the studio.'),
      msg('s1', 'assistant', 'Ben: Hey Ana, glad to hear it.'),
      msg('s2', 'assistant', 'Ben: Long time no see, Ana!'),
      msg('s2', 'user', 'Ana: Hey! Last weekend we took the kids camping by the lake.'),
      msg('s2', 'assistant', 'Ben: That sounds lovely.'),
      msg('s2', 'user', 'Ana: And did your kids enjoy their trip to the family farm?'),
      msg('s2', 'user', 'Ana: We also baked bread together with the kids.'),
    ];
    await db.insertMessages(turns);
    const stored = await db.getMessages(turns.map((t) => t.id));
    const at = (i: number, score: number): Candidate => ({ kind: 'message', id: stored[i]!.id, message: stored[i]!, score, own: score, hits: [] });
    return [at(5, 1), at(6, 0.95), at(3, 0.9), at(0, 0.5)];
  }

  const options = { window: 50, keep: 0.7, askingKeep: 0.7, openingGain: 0.2 };
  for (const question of ['What has Ana done with her kids?', 'Which outings did Ana enjoy with the children?', 'Where did Ana and her family go together?']) {
    it(`"${question}": Ana's news ranks first, her question to Ben below her statements`, async () => {
      const out = sortCandidatesByScore(await focus(db, question, await twoSessions(), options));
      // Her first line of session 2 (news) gains 0.2; her question to Ben keeps 0.7; the line inside the session is untouched.
      expect(out.map((c) => c.message!.content.slice(0, 20))).toEqual([
        'Ana: Hey! Last weeke', 'Ana: We also baked b', 'Ana: And did your ki', 'Ana: Hi Ben! Busy we',
      ]);
      expect(out[0]!.score).toBeCloseTo(1.08);
      expect(out[2]!.score).toBeCloseTo(0.7);
      // Her first line of session 1 opens it too.
      expect(out[3]!.score).toBeCloseTo(0.6);
    });
  }

  it('with both off, the own lines keep their scores', async () => {
    const out = await focus(db, 'What has Ana done with her kids?', await twoSessions(), { ...options, askingKeep: 1, openingGain: 0 });
    expect(out.map((c) => c.score)).toEqual([1, 0.95, 0.9, 0.5]);
  });
});

function sortCandidatesByScore(list: Candidate[]): Candidate[] {
  return [...list].sort((a, b) => b.score - a.score);
}
