/** Request parsing: JSON bodies and query strings, validated by the shared zod schemas. */
import type { Context } from 'hono';
import { MnemoError } from '../errors.js';
import type { HttpEnv } from './env.js';
import { readBody } from './node-request.js';

/** The body as JSON; an empty body is `undefined`. Malformed JSON is a 400 that says why. */
export async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  const text = await readBody(c);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new MnemoError('invalid_input', `request body is not valid JSON: ${(err as Error).message}`);
  }
}

/** How a route's query string maps onto its schema's types. */
export interface QueryShape {
  numbers?: string[];
  booleans?: string[];
  /** Repeatable (`?type=a&type=b`) or comma-separated (`?type=a,b`). */
  arrays?: string[];
}

/** Query parameters coerced to the types the schema expects; unknown strings pass through for zod to reject. */
export function queryObject(c: Context, shape: QueryShape = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    const last = values[values.length - 1];
    if (shape.arrays?.includes(key)) out[key] = values.flatMap((v) => v.split(',')).filter((v) => v !== '');
    else if (shape.numbers?.includes(key)) out[key] = last.trim() === '' || Number.isNaN(Number(last)) ? last : Number(last);
    else if (shape.booleans?.includes(key)) out[key] = last === 'true' || last === '1' ? true : last === 'false' || last === '0' ? false : last;
    else out[key] = last;
  }
  return out;
}
