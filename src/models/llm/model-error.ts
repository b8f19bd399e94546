import type { APICallError } from '@ai-sdk/provider';
import { aiProvider, aiSdk } from './ai-sdk-modules.js';
import { MnemoError } from '../../errors.js';

export type ModelFailure = 'unreachable' | 'timeout' | 'unauthorized' | 'model_not_found' | 'rate_limited' | 'server_error' | 'invalid_output' | 'other';

export interface ModelErrorInfo {
  reason: ModelFailure;
  message: string;
  status?: number;
  /** From Retry-After / retry-after-ms on a 429 or 503, for the job queue to schedule the retry. */
  retryAfterMs?: number;
  fix?: string;
}

const NETWORK_CODES = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT/;

/** Classifies anything an AI SDK call throws into a stable reason with a user-facing message. */
export function describeModelError(err: unknown): ModelErrorInfo {
  const last = aiSdk().RetryError.isInstance(err) ? err.lastError : err;
  if (isTimeout(last)) return { reason: 'timeout', message: 'the model call timed out', fix: 'raise timeoutMs or use a faster model' };
  if (aiProvider().APICallError.isInstance(last)) return fromApiCallError(last);
  const message = last instanceof Error ? last.message : String(last);
  const code = networkCode(last);
  if (code) return unreachable(code, message);
  return { reason: 'other', message };
}

/** The MnemoError extraction and recall throw for a failed model call. */
export function toModelError(err: unknown, stage: string): MnemoError {
  if (err instanceof MnemoError) return err;
  const info = describeModelError(err);
  const details: Record<string, unknown> = { stage, reason: info.reason };
  if (info.status !== undefined) details.status = info.status;
  if (info.retryAfterMs !== undefined) details.retryAfterMs = info.retryAfterMs;
  const error = new MnemoError('model_error', `${stage}: ${info.message}`, details);
  error.cause = err;
  return error;
}

function fromApiCallError(e: APICallError): ModelErrorInfo {
  const status = e.statusCode;
  const body = typeof e.responseBody === 'string' ? e.responseBody.slice(0, 300) : '';
  if (status === undefined) {
    const code = networkCode(e.cause) ?? networkCode(e) ?? 'network error';
    return unreachable(code, e.message, e.url);
  }
  if (status === 401 || status === 403) {
    return { reason: 'unauthorized', status, message: `the server rejected the API key (HTTP ${status})`, fix: 'check MNEMO_LLM_API_KEY (or the provider key variable)' };
  }
  if (status === 404 || /model.{0,40}(not found|does not exist|not exist|unknown)|unknown model|no such model/i.test(body)) {
    return { reason: 'model_not_found', status, message: `the model was not found (HTTP ${status}${body ? `: ${body}` : ''})`, fix: 'check MNEMO_LLM_MODEL against the models the server lists' };
  }
  if (status === 429) {
    return { reason: 'rate_limited', status, message: 'the provider rate-limited the request (HTTP 429)', retryAfterMs: retryAfterMs(e.responseHeaders) ?? 30_000 };
  }
  if (status >= 500) {
    return { reason: 'server_error', status, message: `the model server failed (HTTP ${status})`, retryAfterMs: retryAfterMs(e.responseHeaders) };
  }
  return { reason: 'other', status, message: `the model server answered HTTP ${status}${body ? `: ${body}` : ''}` };
}

function unreachable(code: string, message: string, url?: string): ModelErrorInfo {
  const where = url ? ` ${new URL(url).origin}` : '';
  return { reason: 'unreachable', message: `cannot reach the model server${where} (${code}): ${message}`, fix: 'start the server or correct MNEMO_LLM_BASE_URL' };
}

export function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = headers['retry-after'];
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function isTimeout(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'TimeoutError' || (err.name === 'AbortError' && /timeout/i.test(err.message));
}

function networkCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.test(code)) return code;
    const message = e instanceof Error ? e.message : '';
    const match = NETWORK_CODES.exec(message);
    if (match) return match[0];
  }
  return undefined;
}
