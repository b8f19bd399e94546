/** Request ids (`x-request-id` in and out) and one structured JSON log line per request. */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './env.js';
import { header } from './node-request.js';
import { redactSecrets } from '../ingest/secrets.js';

export type LogLine = Record<string, unknown>;
/** Receives one object per request (and per server event); `false` silences logging. */
export type Logger = (line: LogLine) => void;

/**
 * JSON lines on stderr, written once per event-loop turn: stderr to a pipe or file is a
 * synchronous write(2) per call in Node, one per request under load otherwise.
 */
let pending: string[] = [];
let scheduled = false;
let hooked = false;
function flushLog(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const out = pending.join('');
  pending = [];
  process.stderr.write(out);
}
export const stderrLogger: Logger = (line) => {
  pending.push(`${JSON.stringify(line)}\n`);
  if (scheduled) return;
  if (!hooked) {
    hooked = true;
    process.on('exit', flushLog);
  }
  scheduled = true;
  setImmediate(flushLog);
};

const SAFE_ID = /^[\w.:-]{1,200}$/;

export function requestLog(logger: Logger | false): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = header(c, 'x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('key', null);
    c.set('route', 'unmatched');
    // Set before the response exists: setting a header on a finished response re-wraps it into
    // an undici Response with a body stream, which cost more than the rest of a small request.
    c.header('x-request-id', requestId);
    await next();
    if (!c.res.headers.has('x-request-id')) c.header('x-request-id', requestId); // responses built outside the context (MCP)
    if (logger === false) return;
    const error = c.get('error');
    logger({
      time: new Date().toISOString(),
      level: c.res.status >= 500 ? 'error' : c.res.status >= 400 ? 'warn' : 'info',
      msg: 'request',
      requestId,
      method: c.req.method,
      path: redactSecrets(c.req.path).text, // a key pasted into a URL must not reach the log
      route: c.get('route'),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      ...(c.get('profile') ? { profile: redactSecrets(c.get('profile')!).text } : {}),
      ...(c.get('key') ? { keyId: c.get('key')!.id } : {}),
      ...(error ? { error: { ...error, message: redactSecrets(error.message).text } } : {}),
    });
  };
}
