/**
 * A question's shape (words, stems) is kept for the last few questions and shared by every
 * detector that reads it: whether a question is read first, again at once, or again after many
 * others pushed it out, every detector gives the same verdict.
 */
import { describe, expect, it } from 'vitest';
import { expectedAnswerType } from '../src/recall/answer-type.js';
import { asksWhen } from '../src/recall/answer-phrase.js';
import { isOrderQuestion, isOverviewQuestion } from '../src/recall/overview.js';
import { classifyQuestion, QUESTION_CLASSES } from '../src/recall/question/classes.js';

const QUESTIONS = [
  ...QUESTION_CLASSES.map((c) => c.example),
  'How many times did I go hiking last month?',
  'When did Melanie paint the sunrise?',
  'How much did the new bike cost?',
  'What did you suggest for my trip to Lisbon?',
  'Which came first, the move or the new job?',
  'What is the name of my dog?',
  'how many times did i go hiking last month',
];

const verdicts = (q: string) => JSON.stringify({
  classes: [...classifyQuestion(q)].sort(),
  answer: expectedAnswerType(q),
  overview: isOverviewQuestion(q),
  order: isOrderQuestion(q),
  when: asksWhen(q),
});

describe('shared question shapes', () => {
  it('give every question the same verdicts first, repeated, and after being pushed out', () => {
    const first = QUESTIONS.map(verdicts);
    expect(new Set(first).size).toBeGreaterThan(5);
    expect(QUESTIONS.map(verdicts)).toEqual(first);
    expect([...QUESTIONS].reverse().map(verdicts)).toEqual([...first].reverse());
    // Interleaved: each question between two others, so kept and evicted shapes alternate.
    for (const [i, q] of QUESTIONS.entries()) {
      verdicts(QUESTIONS[(i + 5) % QUESTIONS.length]!);
      expect(verdicts(q)).toBe(first[i]);
    }
  });
});
