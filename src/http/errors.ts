/** The ONE place where a MnemoError code becomes an HTTP status. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toMnemoError, type ErrorCode, type MnemoError } from '../errors.js';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  invalid_profile: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
  model_error: 502,
  unavailable: 503,
};

export function httpStatus(code: ErrorCode): ContentfulStatusCode {
  return STATUS[code];
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; requestId?: string; details?: Record<string, unknown> };
}

/** Status and body for anything thrown. Internal errors do not leak their message to clients. */
export function toHttpError(err: unknown, requestId?: string): { status: ContentfulStatusCode; body: ErrorBody; error: MnemoError } {
  const error = toMnemoError(err);
  const message = error.code === 'internal' ? 'internal error; see the server log for this request id' : error.message;
  const body: ErrorBody = { error: { code: error.code, message, ...(requestId ? { requestId } : {}) } };
  if (error.details && error.code !== 'internal') body.error.details = error.details;
  return { status: httpStatus(error.code), body, error };
}
