/**
 * The parsed form of a memory filter (see `parse.ts` for the JSON syntax). Each store compiles it
 * to its own SQL (`sqlite.ts`, `postgres.ts`); `match.ts` evaluates it in memory. Values are
 * already validated and normalized (dates as ISO strings).
 */
export type FilterNode =
  | { kind: 'and'; nodes: FilterNode[] }
  | { kind: 'or'; nodes: FilterNode[] }
  | { kind: 'cmp'; field: FieldRef; op: 'eq'; value: Scalar }
  | { kind: 'cmp'; field: FieldRef; op: 'in'; value: Scalar[] }
  | { kind: 'cmp'; field: FieldRef; op: 'gte' | 'lte'; value: number | string };

export type Scalar = string | number | boolean | null;

export type FieldRef =
  | { kind: 'column'; name: ColumnField; valueType: 'string' | 'number' | 'date' }
  | { kind: 'metadata'; path: string[] };

export const COLUMN_FIELDS = {
  userId: { column: 'user_id', valueType: 'string' },
  agentId: { column: 'agent_id', valueType: 'string' },
  runId: { column: 'run_id', valueType: 'string' },
  sessionId: { column: 'session_id', valueType: 'string' },
  type: { column: 'type', valueType: 'string' },
  topicKey: { column: 'topic_key', valueType: 'string' },
  importance: { column: 'importance', valueType: 'number' },
  createdAt: { column: 'created_at', valueType: 'date' },
  updatedAt: { column: 'updated_at', valueType: 'date' },
  eventTime: { column: 'event_time', valueType: 'date' },
} as const;

export type ColumnField = keyof typeof COLUMN_FIELDS;

export const FILTER_OPERATORS = ['eq', 'in', 'gte', 'lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
