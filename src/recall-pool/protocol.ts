import type { ErrorCode } from '../errors.js';
import type { RecallOptions } from '../schemas.js';

export type ThreadRequestBody =
  | { op: 'recall'; profile: string; query: string; options: RecallOptions }
  | { op: 'warm'; profile: string };

export type ThreadRequest = ThreadRequestBody & { id: number };

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { code: ErrorCode; message: string; details?: Record<string, unknown> } }
  | { warning: string };
