import type { Memory } from '../types.js';
import { type FieldRef, type FilterNode, type Scalar } from './ast.js';

/** Evaluates a filter against a memory in process, with the same meaning as the SQL compilers. */
export function matchesFilter(memory: Memory, node: FilterNode): boolean {
  switch (node.kind) {
    case 'and':
      return node.nodes.every((n) => matchesFilter(memory, n));
    case 'or':
      return node.nodes.some((n) => matchesFilter(memory, n));
    case 'cmp': {
      const found = read(memory, node.field);
      if (node.op === 'eq') return same(found, node.value);
      if (node.op === 'in') return node.value.some((v) => same(found, v));
      if (typeof node.value === 'number' ? typeof found !== 'number' : typeof found !== 'string') return false;
      const v = found as number | string;
      return node.op === 'gte' ? v >= node.value : v <= node.value;
    }
  }
}

function read(memory: Memory, field: FieldRef): unknown {
  if (field.kind === 'column') {
    const v = memory[field.name];
    return field.valueType === 'date' && typeof v === 'string' ? new Date(v).toISOString() : v;
  }
  let at: unknown = memory.metadata;
  for (const key of field.path) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A missing value equals nothing but a missing column (null); a JSON null matches `null`. */
function same(found: unknown, value: Scalar): boolean {
  if (value === null) return found === null;
  return found === value;
}
