import type { z } from 'zod';
import { MnemoError } from './errors.js';

/** One readable line per zod issue: `messages[3].content: content is empty`. */
export function zodMessage(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const path = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join('; ');
}

/** Parses with a schema or throws MnemoError('invalid_input') naming what was wrong. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new MnemoError('invalid_input', `invalid ${what}: ${zodMessage(r.error)}`);
  return r.data;
}
