import { describe, expect, it } from 'vitest';
import { answerPhrase, asksWhen, spokenDate } from '../src/recall/answer-phrase.js';
import type { ChannelResult } from '../src/recall/candidate.js';
import { DEFAULT_WEIGHTS, fuse } from '../src/recall/fuse.js';
import { normalizedScores } from '../src/recall/normalize.js';

const opts = { weights: DEFAULT_WEIGHTS, mode: 'score' as const, extraWeights: { message_vector: 0.35, message_expansion: 0.1 }, k: 60, timeRange: null, timeBoost: 1.5 };

describe('score-normalized fusion', () => {
  it('normalizes BM25 by the best hit and cosine between tail and best', () => {
    expect(normalizedScores({ channel: 'messages', hits: [{ kind: 'message', id: 'a', score: 10 }, { kind: 'message', id: 'b', score: 5 }] })).toEqual([1, 0.5]);
    const cos = Array.from({ length: 10 }, (_, i) => ({ kind: 'memory' as const, id: `m${i}`, score: 0.9 - i * 0.01 }));
    const n = normalizedScores({ channel: 'vector', hits: cos });
    expect(n[0]).toBe(1);
    expect(n[9]).toBe(0);
  });

  it('a strong full-text match on a message beats a memory found weakly by the vector channels', () => {
    const results: ChannelResult[] = [
      { channel: 'messages', hits: [{ kind: 'message', id: 'turn', score: 12 }, { kind: 'message', id: 'other', score: 3 }] },
      { channel: 'vector', hits: [{ kind: 'memory', id: 'weak', score: 0.41 }] },
      { channel: 'hyde', hits: [{ kind: 'memory', id: 'weak', score: 0.4 }] },
    ];
    const ranked = fuse(results, opts);
    expect(ranked[0]!.id).toBe('turn');
  });

  it('turns a channel off with weight 0', () => {
    const ranked = fuse([{ channel: 'messages', hits: [{ kind: 'message', id: 'x', score: 1 }] }], { ...opts, weights: { ...DEFAULT_WEIGHTS, messages: 0 } });
    expect(ranked).toHaveLength(0);
  });
});

describe('extractive answer phrase', () => {
  it('keeps the clause that matches, without the chat label', () => {
    const terms = new Set(['paint', 'sunri'].map((w) => w.slice(0, 5)));
    const phrase = answerPhrase('Melanie: Thanks so much, I painted that lake sunrise last year, it was lovely to do.', terms);
    expect(phrase).toBe('I painted that lake sunrise last year');
  });

  it('answers "when" questions with the evidence date', () => {
    expect(asksWhen('When did she move?')).toBe(true);
    expect(asksWhen('What did she move?')).toBe(false);
    expect(spokenDate('2023-05-07T13:56:00.000Z')).toBe('7 May 2023');
  });
});
