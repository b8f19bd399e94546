/** Starts the HTTP app on a Node listener. Refuses a non-loopback host unless API keys exist. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { MnemoError } from '../errors.js';
import { createHttpApp, type HttpAppOptions } from './app.js';
import { stderrLogger } from './logging.js';
import { type DispatcherOptions, WebhookDispatcher } from '../webhooks/dispatcher.js';

export interface HttpServerOptions extends HttpAppOptions {
  /** Default 127.0.0.1. Any other interface needs at least one active API key. */
  host?: string;
  /** Default 7077; 0 picks a free port. */
  port?: number;
  /** Deliver change events to registered webhooks from this server (default on; false: off); `allowPrivate` lets them target loopback/private addresses. */
  webhooks?: DispatcherOptions | false;
}

export interface RunningHttpServer {
  url: string;
  host: string;
  port: number;
  /** Stops accepting connections and waits for open ones to finish; does not close mnemo. */
  close(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

export async function startHttpServer(opts: HttpServerOptions): Promise<RunningHttpServer> {
  const host = opts.host ?? '127.0.0.1';
  const loopback = isLoopback(host);
  if (!loopback && (!opts.keys || (await opts.keys.activeCount()) === 0)) {
    throw new MnemoError(
      'forbidden',
      `refusing to listen on ${host}: no API keys exist, so anyone on the network could read and write every profile. ` +
        `Create one first (mnemo keys create --profile '*' --scope admin) or bind to 127.0.0.1.`,
    );
  }
  const allowPrivate = opts.webhooks ? (opts.webhooks.allowPrivate ?? false) : false;
  const app = createHttpApp({ ...opts, requireAuth: opts.requireAuth || !loopback, webhookTargets: { allowPrivate } });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: opts.port ?? 7077 }, () => resolve(s));
    s.once('error', reject);
  });
  const dispatcher = opts.webhooks === false ? null
    : new WebhookDispatcher(opts.mnemo, { ...opts.webhooks, warn: (msg) => process.stderr.write(`${msg}\n`) }).start();
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const log = opts.logger === undefined ? stderrLogger : opts.logger;
  if (log) log({ time: new Date().toISOString(), level: 'info', msg: 'listening', url: `http://${urlHost}:${port}`, auth: !loopback || ((await opts.keys?.everHadKeys()) ?? false) });
  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        void dispatcher?.stop();
        server.close((err) => (err ? reject(err) : resolve()));
        const nodeServer = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
        nodeServer.closeIdleConnections?.();
        // Event streams never finish on their own: give requests in flight a moment, then cut them.
        setTimeout(() => nodeServer.closeAllConnections?.(), 1000).unref();
      }),
  };
}
