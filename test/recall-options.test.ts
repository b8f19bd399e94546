import { expect, it } from 'vitest';
import { parseRecallOptions } from '../src/recall-options.js';
import { recallOptionsSchema } from '../src/schemas.js';

it('gives calls without options the defaults, each its own copy, and still rejects bad options', () => {
  const a = parseRecallOptions({});
  expect(a).toEqual(recallOptionsSchema.parse({}));
  a.limit = 3;
  expect(parseRecallOptions({}).limit).toBe(10);
  expect(parseRecallOptions({ limit: 4, synthesize: false })).toMatchObject({ limit: 4, synthesize: false, tiers: 'auto' });
  expect(() => parseRecallOptions({ limit: -1 })).toThrow(/invalid recall options: limit/);
  expect(() => parseRecallOptions(null)).toThrow(/invalid recall options/);
  expect(() => parseRecallOptions({ tiers: 'cold' })).toThrow(/tiers must be/);
});

it('takes options that are the defaults a parse filled in as the defaults, and parses anything else', () => {
  const filled = recallOptionsSchema.parse({});
  const a = parseRecallOptions(filled);
  expect(a).toEqual(filled);
  expect(a).not.toBe(filled);
  expect(parseRecallOptions({ limit: 10 })).toEqual(filled);
  expect(parseRecallOptions({ ...filled, limit: 3 }).limit).toBe(3);
  expect(parseRecallOptions({ ...filled, sessionId: 's1' })).toMatchObject({ sessionId: 's1', limit: 10 });
  // Keys the defaults lack, or wrong types that look alike, still go through the schema.
  expect(() => parseRecallOptions({ ...filled, limit: '10' })).toThrow(/invalid recall options: limit/);
  expect(() => parseRecallOptions({ ...filled, synthesize: 'true' })).toThrow(/invalid recall options: synthesize/);
  expect(() => parseRecallOptions({ limit: undefined, tiers: 'cold' })).toThrow(/tiers must be/);
  expect(() => parseRecallOptions(Object.assign(Object.create({ limit: -1 }), { tiers: 'auto' }))).toThrow(/invalid recall options/);
  expect(() => parseRecallOptions(Object.defineProperty({}, 'limit', { value: -1, enumerable: false }))).toThrow(/invalid recall options: limit/);
});
