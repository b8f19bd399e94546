import { describe, expect, it } from 'vitest';
import { boostAddressedAssistant } from '../src/recall/author-boost.js';
import type { Candidate } from '../src/recall/candidate.js';
import type { Role, StoredMessage } from '../src/types.js';

function turn(id: string, role: Role, score: number): Candidate {
  const message: StoredMessage = { id, sessionId: 's', role, content: id, timestamp: null, metadata: null, seq: 0, createdAt: '2024-01-01T00:00:00.000Z' };
  return { kind: 'message', id, message, hits: [], score, own: score };
}

const scores = (query: string) =>
  Object.fromEntries(boostAddressedAssistant(query, [turn('u', 'user', 1), turn('a', 'assistant', 0.8)], 1).map((c) => [c.id, c.score]));

describe('questions about what the assistant said', () => {
  it('lift the assistant turns', () => {
    expect(scores('How did you recommend handling the retries?')).toEqual({ u: 1, a: 1.6 });
    expect(scores("What was the library you suggested for charts?")).toEqual({ u: 1, a: 1.6 });
  });

  it('leave requests and questions about the user alone', () => {
    expect(scores('Can you give me a summary of my project?')).toEqual({ u: 1, a: 0.8 });
    expect(scores('What tools would you suggest I use?')).toEqual({ u: 1, a: 0.8 });
    expect(scores('What did I say about the deadline?')).toEqual({ u: 1, a: 0.8 });
  });
});
