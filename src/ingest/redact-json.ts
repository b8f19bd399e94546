import { MnemoError } from '../errors.js';
import type { Metadata, Redaction } from '../types.js';
import { redactSecrets } from './secrets.js';

/** Deeper structures are refused rather than stored with an unscanned tail. */
export const MAX_REDACT_DEPTH = 32;

/**
 * Redacts every string leaf of a JSON value (metadata, note data, job payloads) with the same
 * scanner as content. Keys and non-string leaves are kept as they are; the shape never changes.
 */
export function redactJson<T>(value: T, what = 'metadata'): { value: T; redactions: Redaction[] } {
  const redactions: Redaction[] = [];
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') {
      const r = redactSecrets(v);
      redactions.push(...r.redactions);
      return r.text;
    }
    if (v === null || typeof v !== 'object') return v;
    if (depth >= MAX_REDACT_DEPTH) throw new MnemoError('invalid_input', `${what} is nested deeper than ${MAX_REDACT_DEPTH} levels`);
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
  };
  return { value: walk(value, 0) as T, redactions };
}

/** `redactJson` for an optional metadata object, adding what it found to `into`. */
export function redactMetadata<M extends Metadata | null | undefined>(metadata: M, into: Redaction[], what = 'metadata'): M {
  if (metadata == null) return metadata;
  const r = redactJson(metadata, what);
  into.push(...r.redactions);
  return r.value;
}

/** Redacts each string of a list (tags), adding what it found to `into`. */
export function redactStrings<L extends string[] | null | undefined>(list: L, into: Redaction[]): L {
  if (!list) return list;
  return list.map((s) => {
    const r = redactSecrets(s);
    into.push(...r.redactions);
    return r.text;
  }) as L;
}

/** An optional free-text field that is stored but not reported on (forget and completion reasons). */
export function redactOptional(text: string | undefined): string | undefined {
  return text === undefined ? undefined : redactSecrets(text).text;
}
