import { COLUMN_FIELDS, type FieldRef, type FilterNode, type Scalar } from './ast.js';

/**
 * A SQLite boolean expression over the `memories` columns (alias optional) and its parameters,
 * numbered `?<firstParam>`, `?<firstParam + 1>`, … so it composes with statements using numbered ones.
 */
export function filterToSqlite(node: FilterNode, firstParam: number, alias = ''): { sql: string; params: unknown[] } {
  const params = new NumberedParams(firstParam);
  const sql = compile(node, alias ? `${alias}.` : '', params);
  return { sql, params: params.values };
}

class NumberedParams {
  readonly values: unknown[] = [];
  constructor(private readonly first: number) {}
  push(value: unknown): string {
    this.values.push(value);
    return `?${this.first + this.values.length - 1}`;
  }
}

function compile(node: FilterNode, prefix: string, params: NumberedParams): string {
  if (node.kind === 'and' || node.kind === 'or') {
    return `(${node.nodes.map((n) => compile(n, prefix, params)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
  }
  const field = node.field;
  switch (node.op) {
    case 'eq':
      return equals(field, prefix, node.value, params);
    case 'in':
      return `(${node.value.map((v) => equals(field, prefix, v, params)).join(' OR ')})`;
    case 'gte':
    case 'lte': {
      const cmp = node.op === 'gte' ? '>=' : '<=';
      if (field.kind === 'column') {
        return `${prefix}${COLUMN_FIELDS[field.name].column} ${cmp} ${params.push(node.value)}`;
      }
      // Numbers compare with numbers and dates with strings only (SQLite would order any text above any number).
      const typed = typeof node.value === 'number' ? `IN ('integer', 'real')` : `= 'text'`;
      return `(${jsonCall('json_type', field.path, prefix)} ${typed} AND ${jsonCall('json_extract', field.path, prefix)} ${cmp} ${params.push(node.value)})`;
    }
  }
}

function equals(field: FieldRef, prefix: string, value: Scalar, params: NumberedParams): string {
  if (field.kind === 'column') {
    if (value === null) return `${prefix}${COLUMN_FIELDS[field.name].column} IS NULL`;
    return `${prefix}${COLUMN_FIELDS[field.name].column} = ${params.push(value)}`;
  }
  const type = jsonCall('json_type', field.path, prefix);
  if (value === null) return `${type} = 'null'`;
  if (typeof value === 'boolean') return `${type} = '${value ? 'true' : 'false'}'`;
  const typed = typeof value === 'number' ? `IN ('integer', 'real')` : `= 'text'`;
  return `(${type} ${typed} AND ${jsonCall('json_extract', field.path, prefix)} = ${params.push(value)})`;
}

/** The JSON path is inlined: its keys are validated to letters, digits, "_" and "-" (parse.ts), and quoted. */
function jsonCall(fn: 'json_extract' | 'json_type', path: string[], prefix: string): string {
  return `${fn}(${prefix}metadata, '$${path.map((p) => `."${p}"`).join('')}')`;
}
