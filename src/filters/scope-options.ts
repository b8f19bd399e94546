/** The scope/metadata inputs shared by remember, list, recall and forget, and their parsed filter. */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import type { FilterNode } from './ast.js';
import { parseFilter } from './parse.js';

const scopeId = (what: string) =>
  z.string({ error: `${what} must be a string` })
    .min(1, `${what} is empty`)
    .max(LIMITS.maxIdChars, `${what} is longer than ${LIMITS.maxIdChars} characters`);

export const userIdSchema = scopeId('userId');
export const agentIdSchema = scopeId('agentId');
export const runIdSchema = scopeId('runId');

/** A filter object, or the same as a JSON string (query strings, CLI flags). */
export const filterInputSchema = z
  .union([z.record(z.string(), z.unknown()), z.string().max(20_000)])
  .describe('memory filter, e.g. {"userId":"alice","metadata.priority":{"gte":2}}; operators eq, in, gte, lte; and, or (README "Filters")');

/** Shorthands ANDed with `filter`: `{ userId: 'alice' }` is `{ filter: { userId: 'alice' } }`. */
export const scopeFilterShape = {
  userId: userIdSchema.optional(),
  agentId: agentIdSchema.optional(),
  runId: runIdSchema.optional(),
  filter: filterInputSchema.optional(),
};

export interface ScopeFilterInput {
  userId?: string;
  agentId?: string;
  runId?: string;
  filter?: Record<string, unknown> | string;
}

/** The shorthands and `filter` as one parsed filter; undefined when nothing filters. Throws invalid_input. */
export function scopeWhere(o: ScopeFilterInput): FilterNode | undefined {
  const nodes: FilterNode[] = [];
  for (const name of ['userId', 'agentId', 'runId'] as const) {
    const value = o[name];
    if (value !== undefined) nodes.push({ kind: 'cmp', field: { kind: 'column', name, valueType: 'string' }, op: 'eq', value });
  }
  const parsed = parseFilter(o.filter);
  if (parsed) nodes.push(parsed);
  if (nodes.length === 0) return undefined;
  return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
}
