/** Request ids (`x-request-id` in and out) and one structured JSON log line per request. */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { HttpEnv } from './env.js';

export type LogLine = Record<string, unknown>;
/** Receives one object per request (and per server event); `false` silences logging. */
export type Logger = (line: LogLine) => void;

export const stderrLogger: Logger = (line) => {
  process.stderr.write(`${JSON.stringify(line)}\n`);
};

const SAFE_ID = /^[\w.:-]{1,200}$/;

export function requestLog(logger: Logger | false): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('key', null);
    c.set('route', 'unmatched');
    await next();
    c.header('x-request-id', requestId);
    if (logger === false) return;
    const error = c.get('error');
    logger({
      time: new Date().toISOString(),
      level: c.res.status >= 500 ? 'error' : c.res.status >= 400 ? 'warn' : 'info',
      msg: 'request',
      requestId,
      method: c.req.method,
      path: c.req.path,
      route: c.get('route'),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      ...(c.get('profile') ? { profile: c.get('profile') } : {}),
      ...(c.get('key') ? { keyId: c.get('key')!.id } : {}),
      ...(error ? { error } : {}),
    });
  };
}
