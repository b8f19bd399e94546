import { MnemoError } from '../errors.js';
import { COLUMN_FIELDS, type ColumnField, FILTER_OPERATORS, type FieldRef, type FilterNode, type Scalar } from './ast.js';

/**
 * Memory filter syntax (JSON), e.g.
 *   { "userId": "alice", "metadata.priority": { "gte": 2 } }
 *   { "or": [ { "agentId": "planner" }, { "runId": { "in": ["r1", "r2"] } } ] }
 * An object's keys are ANDed. A key is a field (`userId`, `agentId`, `runId`, `sessionId`,
 * `type`, `topicKey`, `importance`, `createdAt`, `updatedAt`, `eventTime`, or `metadata.<key>`
 * with dotted nesting) or `and` / `or` holding a list of filters. A field's value is a scalar
 * (equality) or an object of operators: `eq`, `in` (a list), `gte`, `lte` (numbers or dates).
 */
export const FILTER_LIMITS = { maxNodes: 64, maxDepth: 6, maxInValues: 100, maxPathDepth: 5 } as const;

const METADATA_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function parseFilter(input: unknown): FilterNode | undefined {
  if (input === undefined || input === null) return undefined;
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw bad('filter is not valid JSON');
    }
  }
  const counter = { nodes: 0 };
  const node = parseObject(value, 'filter', 0, counter);
  return node.kind === 'and' && node.nodes.length === 0 ? undefined : node;
}

function parseObject(value: unknown, at: string, depth: number, counter: { nodes: number }): FilterNode {
  if (!isPlainObject(value)) throw bad(`${at} must be an object such as {"userId": "alice"}`);
  if (depth > FILTER_LIMITS.maxDepth) throw bad(`${at} nests deeper than ${FILTER_LIMITS.maxDepth} levels`);
  const nodes: FilterNode[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (++counter.nodes > FILTER_LIMITS.maxNodes) throw bad(`filter has more than ${FILTER_LIMITS.maxNodes} conditions`);
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(v) || v.length === 0) throw bad(`${at}.${key} must be a non-empty list of filters`);
      const children = v.map((c, i) => parseObject(c, `${at}.${key}[${i}]`, depth + 1, counter));
      nodes.push({ kind: key, nodes: children });
    } else {
      nodes.push(...parseField(key, v, `${at}.${key}`));
    }
  }
  return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
}

function parseField(key: string, v: unknown, at: string): FilterNode[] {
  const field = fieldRef(key);
  if (!isPlainObject(v)) return [{ kind: 'cmp', field, op: 'eq', value: scalar(field, v, at) }];
  const ops = Object.entries(v);
  if (ops.length === 0) throw bad(`${at} has no operator; use one of ${FILTER_OPERATORS.join(', ')}`);
  return ops.map(([op, operand]): FilterNode => {
    switch (op) {
      case 'eq':
        return { kind: 'cmp', field, op, value: scalar(field, operand, `${at}.eq`) };
      case 'in': {
        if (!Array.isArray(operand) || operand.length === 0) throw bad(`${at}.in must be a non-empty list`);
        if (operand.length > FILTER_LIMITS.maxInValues) throw bad(`${at}.in has more than ${FILTER_LIMITS.maxInValues} values`);
        return { kind: 'cmp', field, op, value: operand.map((x, i) => scalar(field, x, `${at}.in[${i}]`)) };
      }
      case 'gte':
      case 'lte':
        return { kind: 'cmp', field, op, value: bound(field, operand, `${at}.${op}`) };
      default:
        throw bad(`unknown filter operator "${op}" at ${at}; use one of ${FILTER_OPERATORS.join(', ')}`);
    }
  });
}

function fieldRef(key: string): FieldRef {
  if (key.startsWith('metadata.')) {
    const path = key.slice('metadata.'.length).split('.');
    if (path.length > FILTER_LIMITS.maxPathDepth || !path.every((p) => METADATA_KEY.test(p))) {
      throw bad(`bad filter field "${key}": metadata keys are letters, digits, "_" or "-", at most ${FILTER_LIMITS.maxPathDepth} levels`);
    }
    return { kind: 'metadata', path };
  }
  if (Object.hasOwn(COLUMN_FIELDS, key)) {
    const name = key as ColumnField;
    return { kind: 'column', name, valueType: COLUMN_FIELDS[name].valueType };
  }
  throw bad(`unknown filter field "${key}"; use ${Object.keys(COLUMN_FIELDS).join(', ')}, metadata.<key>, and, or`);
}

function scalar(field: FieldRef, v: unknown, at: string): Scalar {
  if (field.kind === 'metadata') {
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
    throw bad(`${at} must be a string, number, boolean or null`);
  }
  if (field.valueType === 'number') {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    throw bad(`${at} must be a number`);
  }
  if (field.valueType === 'date') return date(v, at);
  if (typeof v === 'string' || v === null) return v;
  throw bad(`${at} must be a string`);
}

function bound(field: FieldRef, v: unknown, at: string): number | string {
  if (field.kind === 'metadata') {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return v;
    throw bad(`${at} must be a number or a date`);
  }
  if (field.valueType === 'number') return scalar(field, v, at) as number;
  if (field.valueType === 'date') return date(v, at);
  throw bad(`${at}: gte and lte apply to numbers and dates, not to ${field.name}`);
}

function date(v: unknown, at: string): string {
  const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) throw bad(`${at} must be a date (ISO-8601 or epoch milliseconds)`);
  return d.toISOString();
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bad(message: string): MnemoError {
  return new MnemoError('invalid_input', `invalid filter: ${message}`);
}
