export type { FilterNode, FieldRef, Scalar, ColumnField, FilterOperator } from './ast.js';
export { COLUMN_FIELDS, FILTER_OPERATORS } from './ast.js';
export { parseFilter, FILTER_LIMITS } from './parse.js';
export { matchesFilter } from './match.js';
