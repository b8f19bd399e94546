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
