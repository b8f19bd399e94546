/** The REST + MCP HTTP app over a MnemoApi. Adapters only: validation, auth, mapping. */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { MnemoApi } from '../api.js';
import type { KeyStore } from '../auth/keys.js';
import { bearerAuth } from './auth.js';
import { mountDocs } from './docs.js';
import type { HttpEnv } from './env.js';
import { toHttpError } from './errors.js';
import { requestLog, stderrLogger, type Logger } from './logging.js';
import { mountMcp } from './mcp-route.js';
import { mountUi } from './ui-route.js';
import { mountEvents, type SseOptions } from '../events/sse-route.js';
import { addEventsPath } from '../events/openapi.js';
import { createMetrics } from './metrics.js';
import { bodyReader } from './node-request.js';
import { openApiDocument } from './openapi.js';
import { rateLimit, type RateLimitOptions } from './rate-limit.js';
import { registerRoutes } from './register.js';
import { ALL_ROUTES } from './routes.js';
import type { TargetPolicy } from '../webhooks/target-policy.js';

export const VERSION = '0.1.0';
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;
export const DEFAULT_IMPORT_BODY_LIMIT = 256 * 1024 * 1024;

export interface HttpAppOptions {
  mnemo: MnemoApi;
  /** API keys; without a store (or with an empty one) the app is open unless `requireAuth`. */
  keys?: KeyStore;
  /** Demand a key even when none exists yet (startHttpServer sets it for non-loopback hosts). */
  requireAuth?: boolean;
  /** One JSON object per request; default: JSON lines on stderr; false: silent. */
  logger?: Logger | false;
  /** Allowed browser origins; CORS is off unless set. */
  cors?: { origins: string[] | '*' };
  /** Per-key token bucket on /v1 and /mcp; off unless set. */
  rateLimit?: RateLimitOptions;
  /** Maximum request body in bytes (default 2 MiB; 413 beyond). */
  bodyLimit?: number;
  /** Maximum body for POST …/import (default 256 MiB). */
  importBodyLimit?: number;
  /** Also export Node process metrics on /metrics. */
  processMetrics?: boolean;
  /** Server-Sent Events on /v1/profiles/{name}/events (poll interval, keep-alive). */
  events?: SseOptions;
  /** Which addresses webhooks may be registered for (default: public ones only). */
  webhookTargets?: TargetPolicy;
}

export function createHttpApp(opts: HttpAppOptions): Hono<HttpEnv> {
  const app = new Hono<HttpEnv>();
  const metrics = createMetrics({ defaultMetrics: opts.processMetrics });
  let authRequired = opts.requireAuth ?? false;
  const isAuthRequired = async () => (authRequired ||= (await opts.keys?.everHadKeys()) ?? false);

  app.onError((err, c) => {
    const { status, body, error } = toHttpError(err, c.get('requestId'));
    c.set('error', { code: error.code, message: error.message });
    return c.json(body, status);
  });
  app.notFound((c) => c.json({ error: { code: 'not_found', message: `no route for ${c.req.method} ${c.req.path}`, requestId: c.get('requestId') } }, 404));

  app.use(requestLog(opts.logger === undefined ? stderrLogger : opts.logger));
  app.use(metrics.middleware);
  if (opts.cors) {
    const origins = opts.cors.origins;
    app.use(cors({ origin: origins, allowHeaders: ['authorization', 'content-type', 'x-request-id', 'x-mnemo-profile', 'mcp-protocol-version'], exposeHeaders: ['x-request-id', 'retry-after'] }));
  }
  const limit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const importLimit = Math.max(limit, opts.importBodyLimit ?? DEFAULT_IMPORT_BODY_LIMIT);
  const isImport = (path: string) => path.endsWith('/import') && /^\/v1\/profiles\/[^/]+\/import$/.test(path);
  app.use('*', bodyReader((c) => (isImport(c.req.path) ? importLimit : limit)));
  const auth = bearerAuth({ keys: opts.keys, required: opts.requireAuth });
  const limiter = opts.rateLimit ? rateLimit(opts.rateLimit) : null;
  for (const prefix of ['/v1/*', '/mcp']) {
    app.use(prefix, auth);
    if (limiter) app.use(prefix, limiter);
  }

  app.get('/healthz', (c) => {
    c.set('route', '/healthz');
    return c.json({ status: 'ok', version: VERSION });
  });
  app.get('/metrics', async (c) => {
    c.set('route', '/metrics');
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
  const openapi = openApiDocument(ALL_ROUTES, { version: VERSION });
  addEventsPath(openapi);
  app.get('/openapi.json', (c) => {
    c.set('route', '/openapi.json');
    return c.json(openapi);
  });
  mountDocs(app, { routes: ALL_ROUTES, version: VERSION, authRequired: isAuthRequired, openapi });
  registerRoutes(app, opts.mnemo, ALL_ROUTES, { webhookTargets: opts.webhookTargets });
  mountMcp(app, opts.mnemo);
  mountUi(app, { mnemo: opts.mnemo, auth });
  mountEvents(app, opts.mnemo, opts.events, opts.keys);
  return app;
}
