/** Bearer API keys on /v1 and /mcp. Open only when no key was ever created and auth is not required. */
import type { MiddlewareHandler } from 'hono';
import type { KeyStore } from '../auth/keys.js';
import { MnemoError } from '../errors.js';
import { resourceMetadataUrl } from './agent-discovery.js';
import type { HttpEnv } from './env.js';
import { header as requestHeader } from './node-request.js';

export interface AuthOptions {
  keys?: KeyStore;
  /** Demand a key even if the store is empty (the server does on non-loopback hosts). */
  required?: boolean;
}

export function bearerAuth({ keys, required = false }: AuthOptions): MiddlewareHandler<HttpEnv> {
  // Once a store has had keys it stays closed: revoking the last key never opens the server.
  let closed = required;
  return async (c, next) => {
    if (!closed && keys) closed = await keys.everHadKeys();
    if (!closed) return next();
    const header = requestHeader(c, 'authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      c.header('WWW-Authenticate', `Bearer realm="mnemo", resource_metadata="${resourceMetadataUrl(c.req.url)}"`);
      throw new MnemoError('unauthorized', header ? 'Authorization header must be "Bearer <api key>"' : 'an API key is required: send "Authorization: Bearer mnemo_…"');
    }
    const record = keys ? await keys.verify(match[1]) : null;
    if (!record) {
      c.header('WWW-Authenticate', `Bearer realm="mnemo", error="invalid_token", resource_metadata="${resourceMetadataUrl(c.req.url)}"`);
      throw new MnemoError('unauthorized', 'unknown or revoked API key');
    }
    c.set('key', record);
    return next();
  };
}
