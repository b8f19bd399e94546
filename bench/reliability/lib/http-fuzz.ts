/**
 * HTTP fuzzing: seeded fast-check requests against every REST route (and the service routes),
 * with hostile profile names, path parameters, query strings, bodies and content types. Each
 * response must come within a deadline, never be a 500, and every error must have the
 * documented shape `{ error: { code, message } }`.
 */
import fc from 'fast-check';
import { ERROR_CODES } from '../../../src/errors.js';
import { ALL_ROUTES } from '../../../src/http/routes.js';
import { bodies, hostileQueryValue, hostileString, profileName, rawBody } from './hostile.js';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export interface FuzzFailure {
  request: string;
  problem: string;
}

export interface FuzzTally {
  cases: number;
  failures: FuzzFailure[];
  statuses: Record<string, number>;
}

const SERVICE_PATHS = ['/healthz', '/metrics', '/openapi.json', '/docs', '/v1/profiles', '/v1', '/', '/mcp', '/ui', '/ui/profiles'];
const QUERY_KEYS = ['q', 'limit', 'types', 'type', 'status', 'cursor', 'sessionId', 'topicKey', 'purge', 'strategy', 'synthesize', 'includeSuperseded', 'profile', 'x'];

/** Percent-encodes; a lone surrogate becomes the bytes of an invalid UTF-8 sequence (%ED%A0%80). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.split(/[\uD800-\uDFFF]/).map(encodeURIComponent).join('%ED%A0%80');
  }
}

function fillPath(template: string, values: Record<string, string>, doEncode: boolean): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (doEncode ? encode(values[k] ?? 'x') : (values[k] ?? 'x')));
}

function bodyFor(operationId: string): fc.Arbitrary<unknown> {
  if (operationId === 'ingest') return bodies.ingest;
  if (operationId === 'remember') return bodies.remember;
  if (operationId.startsWith('recall')) return bodies.recall;
  if (operationId === 'context') return bodies.context;
  if (operationId === 'import') return bodies.import;
  return fc.jsonValue({ maxDepth: 3 });
}

/** One request: a known route with fuzzed parts (most of the time) or a service path. */
export function requestArbitrary(protect: string): fc.Arbitrary<FuzzRequest> {
  const routeReq = fc.constantFrom(...ALL_ROUTES).chain((r) =>
    fc.record({
      name: profileName(protect),
      id: fc.oneof(fc.constantFrom('0'.repeat(32), 'f'.repeat(32)), hostileString),
      topicKey: fc.oneof(fc.constant('user.editor'), hostileString),
      encode: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(r.method.toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS') }),
      query: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), hostileQueryValue, { maxKeys: 4 }),
      body: fc.oneof({ weight: 6, arbitrary: bodyFor(r.operationId).map((b) => JSON.stringify(b)) }, { weight: 2, arbitrary: rawBody }, { weight: 1, arbitrary: fc.constant(undefined) }),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', ''),
    }).map((v): FuzzRequest => {
      const qs = Object.entries(v.query).map(([k, val]) => `${encode(k)}=${encode(String(val))}`).join('&');
      const path = fillPath(r.path, { name: v.name, id: v.id, topicKey: v.topicKey }, v.encode) + (qs ? `?${qs}` : '');
      const hasBody = v.method !== 'GET' && v.body !== undefined;
      return { method: v.method, path, headers: hasBody && v.contentType ? { 'content-type': v.contentType } : {}, ...(hasBody ? { body: v.body } : {}) };
    }),
  );
  const servicePath = fc.record({ p: fc.constantFrom(...SERVICE_PATHS), tail: fc.oneof(fc.constant(''), hostileString.map((s) => `/${encode(s)}`)), m: fc.constantFrom('GET', 'POST', 'DELETE') })
    .map((v): FuzzRequest => ({ method: v.m, path: v.p + v.tail, headers: v.m === 'POST' ? { 'content-type': 'application/json' } : {}, ...(v.m === 'POST' ? { body: '{}' } : {}) }));
  return fc.oneof({ weight: 9, arbitrary: routeReq }, { weight: 1, arbitrary: servicePath });
}

/** Paths that cannot even be sent (fetch refuses them) are skipped, not counted. */
function sendable(path: string): boolean {
  try {
    new URL(path, 'http://127.0.0.1');
    return !/[\u0000-\u001f\u007f]/.test(path);
  } catch {
    return false;
  }
}

export async function sendAndCheck(baseUrl: string, req: FuzzRequest, timeoutMs: number, key?: string): Promise<{ status: number; problem: string | null } | null> {
  if (!sendable(req.path)) return null;
  const headers = { ...req.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) };
  let res: Response;
  try {
    res = await fetch(baseUrl + req.path, { method: req.method, headers, body: req.body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TypeError' && /Request with (GET|HEAD)|invalid|cannot/i.test(e.message) && !/fetch failed/.test(e.message)) return null; // refused by the client itself
    return { status: 0, problem: e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms (hang)` : `connection failed: ${e.message}` };
  }
  const text = await res.text();
  if (res.status >= 500 && res.status !== 503) return { status: res.status, problem: `status ${res.status}: ${text.slice(0, 200)}` };
  // 414/431: Node's HTTP parser refuses an oversized request line before the app sees it (empty body).
  // The inspector under /ui answers with HTML pages, errors included.
  if (res.status >= 400 && ![414, 431].includes(res.status) && !/^\/(?:mcp|ui)(?:[/?]|$)/.test(req.path)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { status: res.status, problem: `error body is not JSON: ${text.slice(0, 120)}` };
    }
    const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
    if (!error || typeof error.message !== 'string' || !(ERROR_CODES as readonly unknown[]).includes(error.code)) {
      return { status: res.status, problem: `error body not in the documented shape: ${text.slice(0, 160)}` };
    }
  }
  return { status: res.status, problem: null };
}

export async function fuzzHttp(baseUrl: string, opts: { runs: number; seed: number; protect: string; timeoutMs?: number; key?: string }): Promise<FuzzTally> {
  const tally: FuzzTally = { cases: 0, failures: [], statuses: {} };
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const samples = fc.sample(requestArbitrary(opts.protect), { numRuns: opts.runs, seed: opts.seed });
  for (const req of samples) {
    const r = await sendAndCheck(baseUrl, req, timeoutMs, opts.key);
    if (!r) continue;
    tally.cases++;
    tally.statuses[r.status] = (tally.statuses[r.status] ?? 0) + 1;
    if (r.problem) tally.failures.push({ request: `${req.method} ${req.path.slice(0, 160)} ${typeof req.body === 'string' ? req.body.slice(0, 160) : req.body ? `<${req.body.length} bytes>` : ''}`, problem: r.problem });
  }
  return tally;
}

/** The few cases no generator should be left to find by luck: bodies past the size limit. */
export async function fuzzHttpExtremes(baseUrl: string, timeoutMs = 30_000): Promise<FuzzTally> {
  const big = 'x'.repeat(3 * 1024 * 1024);
  const reqs: FuzzRequest[] = [
    { method: 'POST', path: '/v1/profiles/fz/ingest', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: big }] }) },
    { method: 'POST', path: '/v1/profiles/fz/remember', headers: { 'content-type': 'application/json' }, body: big },
    { method: 'POST', path: '/v1/profiles/fz/recall', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'x'.repeat(5000) }) },
    { method: 'POST', path: '/v1/profiles/fz/ingest', headers: { 'content-type': 'application/json' }, body: '['.repeat(200_000) + ']'.repeat(200_000) },
    { method: 'GET', path: `/v1/profiles/${'a'.repeat(8000)}/memories`, headers: {} },
    { method: 'GET', path: `/v1/profiles/fz/recall?q=${'%F0%9F%98%80'.repeat(1500)}`, headers: {} },
  ];
  const tally: FuzzTally = { cases: 0, failures: [], statuses: {} };
  for (const req of reqs) {
    const r = await sendAndCheck(baseUrl, req, timeoutMs);
    if (!r) continue;
    tally.cases++;
    tally.statuses[r.status] = (tally.statuses[r.status] ?? 0) + 1;
    if (r.problem) tally.failures.push({ request: `${req.method} ${req.path.slice(0, 80)} <${req.body?.length ?? 0} bytes>`, problem: r.problem });
  }
  return tally;
}
