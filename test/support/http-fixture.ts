/** A real mnemo over a temp dir, served by the real HTTP server on 127.0.0.1 with a free port. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MnemoApi } from '../../src/api.js';
import { openKeyStore } from '../../src/auth/sqlite-keys.js';
import type { KeyStore } from '../../src/auth/keys.js';
import { startHttpServer, type HttpServerOptions, type RunningHttpServer } from '../../src/http/server.js';
import { openMemory } from '../../src/index.js';

export interface Fixture {
  dir: string;
  mnemo: MnemoApi;
  keys: KeyStore;
  server: RunningHttpServer;
  url: string;
  /** fetch relative to the server, JSON body helper and optional bearer key. */
  call(method: string, path: string, opts?: { body?: unknown; raw?: string; key?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function startFixture(opts: Partial<HttpServerOptions> & { withKeys?: (keys: KeyStore) => Promise<void> } = {}): Promise<Fixture> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-http-'));
  const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
  const keys = openKeyStore(dir);
  if (opts.withKeys) await opts.withKeys(keys);
  const server = await startHttpServer({ mnemo, keys, port: 0, logger: false, ...opts });
  const call: Fixture['call'] = (method, p, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.key) headers.authorization = `Bearer ${o.key}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    return fetch(server.url + p, { method, headers, body });
  };
  return {
    dir, mnemo, keys, server, url: server.url, call,
    async close() {
      await server.close();
      await mnemo.close();
      await keys.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
