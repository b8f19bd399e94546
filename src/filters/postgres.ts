import { COLUMN_FIELDS, type FieldRef, type FilterNode, type Scalar } from './ast.js';

/** Adds a parameter and returns its placeholder (`$n`); the postgres store's `Params` fits. */
export interface ParamSink {
  add(value: unknown): string;
}

/**
 * A PostgreSQL boolean expression over `mnemo_memories` (alias optional). Metadata equality is
 * a jsonb containment (`@>`), which the GIN index on `metadata` serves.
 */
export function filterToPostgres(node: FilterNode, p: ParamSink, alias = ''): string {
  const prefix = alias ? `${alias}.` : '';
  if (node.kind === 'and' || node.kind === 'or') {
    return `(${node.nodes.map((n) => filterToPostgres(n, p, alias)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
  }
  const field = node.field;
  switch (node.op) {
    case 'eq':
      return equals(field, prefix, node.value, p);
    case 'in':
      return `(${node.value.map((v) => equals(field, prefix, v, p)).join(' OR ')})`;
    case 'gte':
    case 'lte': {
      const cmp = node.op === 'gte' ? '>=' : '<=';
      if (field.kind === 'column') return `${columnRef(field, prefix)} ${cmp} ${p.add(node.value)}${cast(field)}`;
      const path = p.add(field.path);
      const at = `${prefix}metadata #> ${path}::text[]`;
      if (typeof node.value === 'number') {
        return `(CASE WHEN jsonb_typeof(${at}) = 'number' THEN (${prefix}metadata #>> ${path}::text[])::numeric END) ${cmp} ${p.add(node.value)}::numeric`;
      }
      return `(CASE WHEN jsonb_typeof(${at}) = 'string' THEN (${prefix}metadata #>> ${path}::text[]) END) COLLATE "C" ${cmp} ${p.add(node.value)}::text`;
    }
  }
}

function equals(field: FieldRef, prefix: string, value: Scalar, p: ParamSink): string {
  if (field.kind === 'column') {
    const column = columnRef(field, prefix);
    return value === null ? `${column} IS NULL` : `${column} = ${p.add(value)}${cast(field)}`;
  }
  const doc = field.path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
  return `${prefix}metadata @> ${p.add(JSON.stringify(doc))}::jsonb`;
}

/** event_time is stored as text (a normalized ISO string, like the filter's value): it compares as text, byte-wise like SQLite. */
const TEXT_DATES = new Set(['eventTime']);

function columnRef(field: FieldRef & { kind: 'column' }, prefix: string): string {
  const column = `${prefix}${COLUMN_FIELDS[field.name].column}`;
  return TEXT_DATES.has(field.name) ? `${column} COLLATE "C"` : column;
}

function cast(field: FieldRef & { kind: 'column' }): string {
  if (TEXT_DATES.has(field.name)) return '::text';
  return field.valueType === 'date' ? '::timestamptz' : field.valueType === 'number' ? '::float8' : '::text';
}
