/** Dates read from text resolve in UTC whatever the server process's time zone (CI and servers differ). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveDates } from '../src/ingest/dates.js';
import { parseTimeRange } from '../src/recall/time-range.js';
import { expiryFromText } from '../src/tasks/expiry.js';

describe('date resolution in a process far from UTC', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.TZ;
    // UTC+14: a local calendar day here starts ten hours before the UTC one.
    process.env.TZ = 'Pacific/Kiritimati';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('is really running far from UTC', () => {
    expect(new Date('2026-05-01T00:00:00Z').getTimezoneOffset()).toBe(-14 * 60);
  });

  it('gives a task deadline the end of that UTC day', () => {
    expect(expiryFromText('Send the tax documents by 2026-05-01', new Date('2026-04-15T10:00:00Z'))).toBe('2026-05-01T23:59:59.999Z');
    expect(expiryFromText('finish the migration until Friday', new Date('2026-04-15T10:00:00Z'))).toBe('2026-04-17T23:59:59.999Z');
  });

  it('reads the month a question names as that UTC month', () => {
    expect(parseTimeRange('What did I do in May 2023?', new Date('2023-09-01T00:00:00Z'))).toMatchObject({
      start: '2023-05-01T00:00:00.000Z', end: '2023-06-01T00:00:00.000Z',
    });
  });

  it('dates a message the same way as the questions about it', () => {
    const [d] = resolveDates('I moved to Lisbon on 3 May 2023.', '2023-09-01T10:00:00Z');
    expect(d?.iso.slice(0, 10)).toBe('2023-05-03');
  });
});
