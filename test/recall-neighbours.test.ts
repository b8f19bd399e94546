import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { pullNeighbours } from '../src/recall/neighbours.js';
import type { Store } from '../src/store/store.js';
import type { StoredMessage } from '../src/types.js';

const session: StoredMessage[] = Array.from({ length: 7 }, (_, i) => ({
  id: `t${i}`,
  sessionId: 's1',
  role: i % 2 === 0 ? 'user' : 'assistant',
  content: `turn ${i}`,
  timestamp: null,
  metadata: null,
  seq: i,
  createdAt: '2024-01-01T00:00:00.000Z',
}));

/** Only what pullNeighbours calls: the turns around each anchor in its session, oldest first. */
const store = {
  async messagesAround(ids: string[], before: number, after: number) {
    return ids.map((id) => {
      const at = session.findIndex((m) => m.id === id);
      return at < 0 ? [] : session.slice(Math.max(0, at - before), at + after + 1);
    });
  },
} as unknown as Store;

const seed = (): Candidate => ({ kind: 'message', id: 't3', message: session[3], hits: [], score: 1, own: 1 });

describe('neighbouring turns', () => {
  it('passes the share to every turn within the window, and no further', async () => {
    const out = await pullNeighbours(store, [seed()], 0.5, 10, 0, 2);
    const scores = Object.fromEntries(out.map((c) => [c.id, c.score]));
    expect(scores).toEqual({ t1: 0.5, t2: 0.5, t3: 1, t4: 0.5, t5: 0.5 });
  });

  it('a window of one reaches only the adjacent turns', async () => {
    const out = await pullNeighbours(store, [seed()], 0.5, 10, 0, 1);
    expect(out.map((c) => c.id).sort()).toEqual(['t2', 't3', 't4']);
  });
});
