import type { ErrorCode } from '../errors.js';
import type { RecallOptions } from '../schemas.js';
import type { RecallText } from './recall-text.js';

export type ThreadRequestBody =
  | { op: 'recall'; profile: string; query: string; options: RecallOptions }
  | { op: 'warm'; profile: string; background?: boolean }
  /**
   * Internal, for tests only: busy-waits `ms` on the thread, so a test can hang a real thread.
   * RecallPool's public methods never send it; nothing a caller passes can produce it.
   */
  | { op: 'block'; ms: number };

export type ThreadRequest = ThreadRequestBody & { id: number };

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  /** A recall's result, as text (see RecallText). */
  | { id: number; ok: true; recall: RecallText }
  | { id: number; ok: false; error: { code: ErrorCode; message: string; details?: Record<string, unknown> } }
  | { warning: string };
