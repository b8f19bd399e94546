/** The one error type of mnemo. Adapters map `code` to HTTP status, MCP isError and exit codes. */
import { systemErrorCode } from './system-errors.js';
export const ERROR_CODES = [
  'invalid_input',
  'invalid_profile',
  'not_found',
  'too_large',
  'conflict',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'unavailable',
  'model_error',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class MnemoError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'MnemoError';
    this.code = code;
    this.details = details;
  }

  toJSON(): { code: ErrorCode; message: string; details?: Record<string, unknown> } {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export function isMnemoError(err: unknown): err is MnemoError {
  return err instanceof MnemoError;
}

/** Wraps anything thrown into a MnemoError without losing an existing code. */
export function toMnemoError(err: unknown): MnemoError {
  if (err instanceof MnemoError) return err;
  const system = systemErrorCode(err);
  if (system) return new MnemoError(system.code, system.message);
  const message = err instanceof Error ? err.message : String(err);
  return new MnemoError('internal', message);
}
