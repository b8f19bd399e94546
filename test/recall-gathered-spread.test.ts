import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { weighByCarried } from '../src/recall/gathered-aside.js';
import { topicAsker } from '../src/recall/gathered-answers.js';
import type { Memory } from '../src/types.js';

function memory(id: string, content: string, extra: Partial<Memory> = {}): Memory {
  return {
    id, type: 'fact', content, topicKey: null, eventTime: null, sessionId: null, sourceMessageIds: [], queries: [], tags: [], importance: 0.5,
    status: 'active', supersededBy: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', derivedFrom: [],
    ...extra,
  } as Memory;
}

const turn = (id: string, score: number): Candidate => ({ kind: 'message', id, hits: [], score, own: score });

/** A topic memory about the user's "features", carrying three turns; the ranking found only the first. */
function setting() {
  const digest = memory('d', 'User on features: Python 3.11 for async features; typing features; dark mode feature', {
    tags: ['semantic', 'features'], derivedFrom: ['m1', 'm2', 'm3'], sourceMessageIds: ['t1', 't2', 't3'],
  });
  const ranked = [turn('t1', 2), turn('other', 1)];
  const aside: Candidate[] = [{ kind: 'memory', id: 'd', memory: digest, hits: [], score: 1.5, own: 1.5 }];
  return { ranked, aside };
}

// Questions gathered over the history that ask about the user's features (first person, the topic word).
const ASKED = [
  ['How many security features have I added across my sessions?', ['many', 'security', 'features', 'added', 'sessions']],
  ['Which features did I plan throughout our chats?', ['features', 'plan', 'chats']],
  ['So far, what features am I building?', ['features', 'building']],
] as const;

describe('a topic memory the question asks about is spread like a session\'s turns', () => {
  for (const [query, terms] of ASKED) {
    it(`under the session spread it keeps spread^(n-1) of its match for the n turns it adds: "${query}"`, () => {
      const { ranked, aside } = setting();
      const asks = topicAsker(query, [...terms]);
      expect(asks(aside[0]!.memory!)).toBe(true);
      // t2 and t3 rank nowhere above it (t1 does): two added turns, one spread step.
      expect(weighByCarried(ranked, aside, asks, 0.7)[0]!.score).toBeCloseTo(1.5 * 0.7, 10);
    });
  }

  it('keeps its whole match without a session spread, and when it adds a single turn', () => {
    const { ranked, aside } = setting();
    const asks = topicAsker(ASKED[0][0], [...ASKED[0][1]]);
    expect(weighByCarried(ranked, aside, asks, 1)[0]!.score).toBe(1.5);
    const found = [turn('t1', 2), turn('t2', 1.8), turn('other', 1)];
    expect(weighByCarried(found, aside, asks, 0.7)[0]!.score).toBe(1.5);
  });

  it('a digest the question does not ask about still ranks at its weakest turn', () => {
    const { ranked, aside } = setting();
    const asks = topicAsker('How many login attempts did I allow across my sessions?', ['many', 'login', 'attempts', 'allow', 'sessions']);
    expect(weighByCarried(ranked, aside, asks, 0.7)[0]!.score).toBe(0);
  });
});
