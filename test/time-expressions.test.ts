import { describe, expect, it } from 'vitest';
import { withoutTimeExpressions } from '../src/recall/asked-content.js';
import { parseTimeRange } from '../src/recall/time-range.js';

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
