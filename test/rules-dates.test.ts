import { describe, expect, it } from 'vitest';
import { annotateDates, resolveDates } from '../src/ingest/dates.js';
import { questionsFor } from '../src/ingest/questions.js';

const AT = '2023-05-08T13:56:00.000Z';
const labels = (text: string) => resolveDates(text, AT).map((d) => d.label);

describe('relative dates', () => {
  it('resolves against the message time', () => {
    expect(labels('I went there yesterday')).toEqual(['2023-05-07']);
    expect(labels('we met last Saturday')).toEqual(['2023-05-06']);
    expect(labels('it started two weeks ago')).toEqual(['2023-04-24']);
    expect(labels('we move next month')).toEqual(['2023-06']);
    expect(labels('the party was on 5 May')).toEqual(['2023-05-05']);
    expect(labels('I painted it last year')).toEqual(['2022']);
  });

  it('resolves offsets whichever chrono instance parses the sentence', () => {
    expect(labels('it was 3 weeks ago')).toEqual(['2023-04-17']);
    expect(labels('we fly next Friday')).toEqual(['2023-05-19']);
    // chrono reads "a day out" as one day later; kept as it was.
    expect(labels('we left last Friday, a day out with friends')).toEqual(['2023-05-05', '2023-05-09']);
  });

  it('ignores durations and non-dates, and skips chrono for plain sentences', () => {
    expect(labels("I've been painting for 7 years")).toEqual([]);
    expect(labels('I sat down and I may go')).toEqual([]);
    expect(labels('I love my dog')).toEqual([]);
  });

  it('annotates relative expressions only', () => {
    const text = 'I went yesterday and on March 3, 2023';
    expect(annotateDates(text, resolveDates(text, AT))).toBe('I went yesterday (2023-05-07) and on March 3, 2023');
  });
});

describe('questions', () => {
  it('produces 3-5 questions for every type', () => {
    for (const type of ['fact', 'event', 'instruction', 'task'] as const) {
      const q = questionsFor({ type, content: 'User likes tea', subject: 'User', topicKey: null, dateLabel: null, tags: [] });
      expect(q.length).toBeGreaterThanOrEqual(3);
      expect(q.length).toBeLessThanOrEqual(5);
    }
  });
});
