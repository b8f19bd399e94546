import { ERROR_CODES, type ErrorCode, MnemoError } from '../errors.js';

export interface ClientOptions {
  /** Server base URL, e.g. `http://127.0.0.1:7077`. */
  baseUrl: string;
  /** Bearer API key (`mnemo_…`). */
  apiKey?: string;
  /** Per request, including the wait for retries' responses (default 30 s). */
  timeoutMs?: number;
  /** Retries of a request answered 503 or 429, or a network error on a safe request (default 3). */
  retries?: number;
  /** First retry delay, doubled per retry (default 250 ms); a Retry-After header wins, capped at 30 s. */
  backoffMs?: number;
  /** A fetch implementation (default: the global one: Node 18+, Bun, Deno, browsers, Workers). */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** Requests that change nothing are retried on network errors too. */
  idempotent?: boolean;
}

const RETRY_STATUSES = new Set([429, 503]);
const MAX_RETRY_AFTER_MS = 30_000;

/** JSON over fetch with a timeout, retries with backoff on 503/429, and MnemoError for error bodies. */
export class Transport {
  private readonly fetchImpl: typeof fetch;

  constructor(readonly opts: ClientOptions) {
    this.fetchImpl = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  async request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const res = await this.send(method, path, o);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** The raw response of a successful request (streams); errors throw MnemoError. */
  async send(method: string, path: string, o: RequestOptions & { accept?: string; extraHeaders?: Record<string, string>; noTimeout?: boolean } = {}): Promise<Response> {
    const retries = this.opts.retries ?? 3;
    const url = this.url(path, o.query);
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const headers: Record<string, string> = { accept: o.accept ?? 'application/json', ...this.opts.headers, ...o.extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    const idempotent = o.idempotent ?? (method === 'GET' || method === 'DELETE');
    for (let attempt = 0; ; attempt++) {
      const signal = o.noTimeout ? o.signal : combine(o.signal, this.opts.timeoutMs ?? 30_000);
      let res: Response;
      try {
        res = await this.fetchImpl(url, { method, headers, body, signal });
      } catch (err) {
        if (o.signal?.aborted) throw new MnemoError('unavailable', `request aborted: ${method} ${path}`);
        const timedOut = signal?.aborted === true;
        if (!timedOut && idempotent && attempt < retries) {
          await sleep(this.delay(attempt, null));
          continue;
        }
        throw new MnemoError('unavailable', timedOut ? `no answer within ${this.opts.timeoutMs ?? 30_000} ms: ${method} ${path}` : `cannot reach ${url}: ${(err as Error).message}`);
      }
      if (res.ok) return res;
      if (RETRY_STATUSES.has(res.status) && attempt < retries) {
        await res.body?.cancel().catch(() => undefined);
        await sleep(this.delay(attempt, res.headers.get('retry-after')));
        continue;
      }
      throw await errorFrom(res);
    }
  }

  private url(path: string, query?: Record<string, unknown>): string {
    const u = new URL(path, this.opts.baseUrl.endsWith('/') ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) u.searchParams.set(k, v.join(','));
      else if (typeof v === 'object') u.searchParams.set(k, JSON.stringify(v));
      else u.searchParams.set(k, String(v));
    }
    return u.toString();
  }

  private delay(attempt: number, retryAfter: string | null): number {
    if (retryAfter) {
      const seconds = Number(retryAfter);
      const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
      if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_AFTER_MS);
    }
    return Math.min((this.opts.backoffMs ?? 250) * 2 ** attempt, MAX_RETRY_AFTER_MS);
  }
}

/** The server's `{"error": {code, message, details}}` as a MnemoError with the same code. */
async function errorFrom(res: Response): Promise<MnemoError> {
  const text = await res.text().catch(() => '');
  try {
    const e = (JSON.parse(text) as { error?: { code?: string; message?: string; details?: Record<string, unknown>; requestId?: string } }).error;
    if (e?.code && (ERROR_CODES as readonly string[]).includes(e.code)) {
      return new MnemoError(e.code as ErrorCode, e.message ?? `HTTP ${res.status}`, { ...e.details, status: res.status, ...(e.requestId ? { requestId: e.requestId } : {}) });
    }
  } catch {
    // not JSON: fall through
  }
  const code: ErrorCode = res.status === 404 ? 'not_found' : res.status === 401 ? 'unauthorized' : res.status === 403 ? 'forbidden'
    : res.status === 429 ? 'rate_limited' : res.status === 503 ? 'unavailable' : res.status === 413 ? 'too_large'
      : res.status >= 400 && res.status < 500 ? 'invalid_input' : 'internal';
  return new MnemoError(code, `HTTP ${res.status}: ${text.slice(0, 200) || res.statusText}`, { status: res.status });
}

function combine(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
