/** The ONE place where a MnemoError code becomes a process exit code. */
import type { ErrorCode } from '../errors.js';

export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  notFound: 3,
  denied: 4,
  unavailable: 5,
} as const;

const BY_CODE: Record<ErrorCode, number> = {
  invalid_input: EXIT.usage,
  invalid_profile: EXIT.usage,
  too_large: EXIT.usage,
  not_found: EXIT.notFound,
  unauthorized: EXIT.denied,
  forbidden: EXIT.denied,
  unavailable: EXIT.unavailable,
  model_error: EXIT.unavailable,
  rate_limited: EXIT.unavailable,
  conflict: EXIT.internal,
  internal: EXIT.internal,
};

export function exitCode(code: ErrorCode): number {
  return BY_CODE[code] ?? EXIT.internal;
}
