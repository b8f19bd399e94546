/** Prometheus metrics: request counts and latency by method, route pattern and status. */
import type { MiddlewareHandler } from 'hono';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { HttpEnv } from './env.js';

export interface HttpMetrics {
  registry: Registry;
  middleware: MiddlewareHandler<HttpEnv>;
}

/** A registry per app, so several apps (tests) never collide on metric names. */
export function createMetrics(opts: { defaultMetrics?: boolean } = {}): HttpMetrics {
  const registry = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'mnemo_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'mnemo_http_requests_total', help: 'HTTP requests', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'mnemo_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The labelled children, kept so a request does not hash its label set twice.
  const children = new Map<string, { requests: { inc(): void }; latency: { observe(v: number): void } }>();
  const middleware: MiddlewareHandler<HttpEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    const method = c.req.method, route = c.get('route'), status = String(c.res.status);
    const key = `${method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method, route, status };
      children.set(key, (child = { requests: requests.labels(labels), latency: latency.labels(labels) }));
    }
    child.requests.inc();
    child.latency.observe((performance.now() - started) / 1000);
  };
  return { registry, middleware };
}
