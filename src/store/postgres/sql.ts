import { createHash } from 'node:crypto';
import type { TextQuery } from '../store.js';
import type { Sql } from './runner.js';

/** Collects positional parameters while a statement is built: `p.add(x)` returns `$n`. */
export class Params {
  readonly values: unknown[] = [];
  constructor(...initial: unknown[]) {
    this.values.push(...initial);
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const HAS_WORD = /[\p{L}\p{N}]/u;

/** PostgreSQL text cannot hold NUL; it becomes U+FFFD. */
export function pgText(value: string): string {
  return value.includes('\0') ? value.replace(/\0/g, '\uFFFD') : value;
}

/**
 * A tsquery expression in which every user term is one `phraseto_tsquery` literal, joined by
 * `||` (any) or `&&` (all): nothing a user typed is read as query syntax, and hostile input
 * never errors. Terms without a letter or digit are dropped; null when nothing is left.
 */
export function tsQueryExpression(query: TextQuery, p: Params): string | null {
  const terms = query.terms.map((t) => pgText(t).trim()).filter((t) => HAS_WORD.test(t));
  if (terms.length === 0) return null;
  const parts = terms.map((t) => `phraseto_tsquery('english'::regconfig, ${p.add(t)})`);
  return `(${parts.join(query.match === 'all' ? ' && ' : ' || ')})`;
}

/** A 64-bit advisory-lock key for the parts (same on every process and server). */
export function lockKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest().readBigInt64BE(0).toString();
}

/** Takes exclusive transaction-level advisory locks in sorted order, so writers never deadlock. */
export async function lockKeys(sql: Sql, keys: Iterable<string>): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await sql.query(`SELECT count(pg_advisory_xact_lock(k)) FROM unnest($1::bigint[]) AS k`, [sorted]);
}

/** Float32Array <-> hex (bytea via decode/encode works the same on pg and PGlite). */
export function vectorToHex(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex');
}

export function bytesToVector(b: Uint8Array): Float32Array {
  const out = new Float32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}

/** pgvector's text form. */
export function vectorLiteral(v: Float32Array): string {
  return `[${Array.from(v).join(',')}]`;
}
