import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { demoteOthersSubjects } from '../src/recall/subject-demotion.js';

function line(id: string, content: string, score: number): Candidate {
  const message = { id, sessionId: 's', role: 'user', content, timestamp: null, createdAt: '2024-01-01T00:00:00.000Z', metadata: null } as unknown as Candidate['message'];
  return { kind: 'message', id, message, score, own: score, hits: [] };
}

const OPTIONS = { window: 40, keep: 0.5, first: 0 };

describe('a question about one person ranks what is said of that person above remarks on the other', () => {
  function dialogue(): Candidate[] {
    return [
      // Ana admires Ben's painting: the words match, the subject is Ben.
      line('remark', 'Ana: Wow Ben, this painting is gorgeous! What gave you the idea for the painting?', 1),
      line('own', 'Ana: I painted a lake sunrise last year, it is special to me.', 0.9),
      line('bens', 'Ben: Thanks! I finished the painting of the harbour yesterday.', 0.8),
      line('chat', 'Ana: The weather was lovely at the market.', 0.1),
    ];
  }

  // Phrasings of the same question about Ana; the demotion keys on who the matching sentence is about, not on wording.
  for (const question of ['What has Ana painted?', 'Which paintings did Ana make?', 'Tell me about the pictures Ana has painted.']) {
    it(`"${question}": the remark on Ben's painting falls below Ana's own statement`, () => {
      const out = demoteOthersSubjects(question, dialogue(), OPTIONS).sort((a, b) => b.score - a.score);
      const ids = out.map((c) => c.id);
      expect(ids.indexOf('own')).toBeLessThan(ids.indexOf('remark'));
      // Ben's own line about his painting is about Ben too.
      expect(out.find((c) => c.id === 'bens')!.score).toBeCloseTo(0.4);
      // A line matching none of the question's words is left alone.
      expect(out.find((c) => c.id === 'chat')!.score).toBe(0.1);
    });
  }

  it('leaves the ranking alone for a question naming no participant, or with the demotion off', () => {
    const unnamed = demoteOthersSubjects('What has she painted?', dialogue(), OPTIONS);
    expect(unnamed.map((c) => c.score)).toEqual([1, 0.9, 0.8, 0.1]);
    const off = demoteOthersSubjects('What has Ana painted?', dialogue(), { window: 40, keep: 1, first: 0 });
    expect(off.map((c) => c.score)).toEqual([1, 0.9, 0.8, 0.1]);
  });
});
