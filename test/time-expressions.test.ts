import { describe, expect, it } from 'vitest';
import { withoutTimeExpressions } from '../src/recall/asked-content.js';
import { MAY_HOLD_TIME, parseTimeRange } from '../src/recall/time-range.js';

describe('a question read twice for its time expressions', () => {
  it('resolves the same question against each reference date it is asked with', () => {
    const q = 'What did Ann do last month?';
    expect(parseTimeRange(q, new Date('2023-09-15T00:00:00Z'))).toMatchObject({ start: '2023-08-01T00:00:00.000Z' });
    expect(parseTimeRange(q, new Date('2024-03-15T00:00:00Z'))).toMatchObject({ start: '2024-02-01T00:00:00.000Z' });
  });

  it('blanks the time expressions the time range was read from, keeping the length', () => {
    const q = 'Where did Ann fly on 9 May, 2023?';
    expect(parseTimeRange(q, new Date('2023-09-01T00:00:00Z'))?.text).toBe('on 9 May, 2023');
    const blanked = withoutTimeExpressions(q);
    expect(blanked).toBe(`Where did Ann fly ${' '.repeat('on 9 May, 2023'.length)}?`);
    expect(withoutTimeExpressions('Where did Bob fly on 9 May, 2023?')).not.toContain('May');
  });
});

describe('a number written #12', () => {
  const ref = new Date('2026-03-01T00:00:00Z');
  it('names a thing: the question goes to chrono only for its other time words', () => {
    expect(MAY_HOLD_TIME.test('What database does the billing service #12 use?')).toBe(false);
    expect(MAY_HOLD_TIME.test('Who fixed issue #2023')).toBe(false);
    expect(parseTimeRange('What changed in PR #2024?', ref)).toBeNull();
    expect(parseTimeRange('What did ticket #12 change last week?', ref)?.text).toBe('last week');
  });

  it('still counts its digits when a time may follow it: #5pm, #5:30, a second number', () => {
    for (const q of ['meet at #5pm', 'item #5:30', 'issue #12 at 5', 'order #2024-01-05']) expect(MAY_HOLD_TIME.test(q)).toBe(true);
    expect(parseTimeRange('What happened on issue #7 on 9 May, 2025?', ref)?.text).toBe('on 9 May, 2025');
  });
});
