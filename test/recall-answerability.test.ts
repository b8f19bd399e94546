import { describe, expect, it } from 'vitest';
import { misattributionGap, questionEntities } from '../src/recall/answerability.js';

describe('answerability', () => {
  it('finds names that do not open the question, without calendar words', () => {
    expect(questionEntities("What did Ann's brother give Bob in May?")).toEqual(['ann', 'bob']);
    expect(questionEntities('Where is the key?')).toEqual([]);
  });

  it('flags a question that pins on one person what only another said', () => {
    const lines = ['Bob: I painted a sunrise over the lake last week.', 'Ann: Wow, what did you paint it with?'];
    expect(misattributionGap('What did Ann paint over the lake?', lines)).toBeGreaterThanOrEqual(0.6);
    expect(misattributionGap('What did Bob paint over the lake?', lines)).toBe(0);
  });

  it('has nothing to check without named authors', () => {
    expect(misattributionGap('What did Ann paint?', ['I painted a sunrise.'])).toBe(0);
  });
});
