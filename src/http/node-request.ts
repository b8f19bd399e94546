/**
 * Request access without building a WHATWG Request. Under @hono/node-server, `c.req.raw` is a
 * lazy stand-in: touching its body (or `c.req.text()`, or hono's bodyLimit) materializes an undici
 * Request with a web stream over the socket, which cost more CPU than the rest of a `remember`
 * request. Reading headers and the body from the Node IncomingMessage avoids that; without Node
 * bindings (`app.request` in tests, other runtimes) the standard path is used.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MnemoError } from '../errors.js';
import type { HttpEnv } from './env.js';

/** The Node request behind a context, when served by @hono/node-server. */
export function incomingOf(c: Context): IncomingMessage | null {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming && typeof env.incoming.on === 'function' ? env.incoming : null;
}

/** A request header (lower-case name) without materializing the Request's Headers. */
export function header(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const v = incoming.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Reads the whole body of a Node request, failing with `null` past `limit` bytes. */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

/** 413, and close the connection: the unread body is still on the wire. */
export const tooLarge = (limit: number) => (c: Context): never => {
  c.header('connection', 'close');
  throw new MnemoError('too_large', `request body is larger than ${limit} bytes`);
};

/**
 * Enforces `limit(c)` bytes on request bodies. Under Node it only checks Content-Length and
 * leaves the limit for `readBody` (so nothing is read before auth); elsewhere, and on `/mcp`
 * whose transport reads the standard Request, hono's bodyLimit does the work.
 */
export function bodyReader(limit: (c: Context) => number): MiddlewareHandler<HttpEnv> {
  const standard = new Map<number, MiddlewareHandler>();
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const max = limit(c);
    const incoming = incomingOf(c);
    if (!incoming || c.req.path === '/mcp') {
      let mw = standard.get(max);
      if (!mw) standard.set(max, (mw = bodyLimit({ maxSize: max, onError: tooLarge(max) })));
      return mw(c, next);
    }
    if (Number(incoming.headers['content-length'] ?? NaN) > max) return tooLarge(max)(c);
    c.set('bodyLimit', max);
    return next();
  };
}

/** The request body as text: straight from the socket under Node, else through `c.req`. */
export async function readBody(c: Context<HttpEnv>): Promise<string> {
  const incoming = incomingOf(c);
  const max = c.get('bodyLimit');
  if (!incoming || max === undefined) return c.req.text();
  const buf = await readIncoming(incoming, max);
  return buf === null ? tooLarge(max)(c) : buf.toString('utf8');
}
