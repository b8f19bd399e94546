import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { sortCandidates } from '../src/recall/fuse.js';
import { preferNewer } from '../src/recall/recency.js';

const msg = (id: string, content: string, timestamp: string, score: number): Candidate => ({
  kind: 'message', id, score, own: score, hits: [],
  message: { id, content, timestamp, createdAt: timestamp, sessionId: 's', role: 'user', seq: 0, metadata: {} } as never,
});

describe('preferNewer', () => {
  it('lets a newer restatement of the same question words overtake a close older one', () => {
    const old = msg('a', 'The daily quota of the API key is 1,000 calls.', '2024-01-01T00:00:00Z', 1);
    const upd = msg('b', 'The new daily quota of the API key is 1,200 calls.', '2024-03-01T00:00:00Z', 0.8);
    const ranked = sortCandidates(preferNewer([old, upd], ['daily', 'quota', 'api', 'key'], 0.7));
    expect(ranked.map((c) => c.id)).toEqual(['b', 'a']);
  });

  it('leaves an older one alone when the newer is far weaker or says less', () => {
    const old = msg('a', 'The daily quota of the API key is 1,000 calls.', '2024-01-01T00:00:00Z', 1);
    const weak = msg('b', 'The daily quota of the API key is 1,200 calls.', '2024-03-01T00:00:00Z', 0.5);
    const other = msg('c', 'My key ring is blue.', '2024-03-02T00:00:00Z', 0.9);
    const ranked = sortCandidates(preferNewer([old, other, weak], ['daily', 'quota', 'api', 'key'], 0.7));
    expect(ranked[0]!.id).toBe('a');
  });
});
