/**
 * Adversarial isolation: a key bound to one profile reads and changes nothing of another, through
 * every documented REST route (taken from the OpenAPI document, so new routes are covered),
 * encoded and traversing names, ids of the other profile, MCP (also one MCP session that
 * switches profile mid-way), recall answered on worker threads, and the inspector under /ui.
 * A read-scope key writes nothing anywhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import type { KeyStore } from '../src/auth/keys.js';
import { openKeyStore } from '../src/auth/sqlite-keys.js';
import { startHttpServer, type RunningHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/index.js';
import { comparableExport } from '../src/interop/index.js';
import { UI_VIEWS } from '../src/ui/index.js';

const A = 'alpha';
const B = 'zeta-private';
const MARK_B = 'quartzjaguar';
let dir: string;
let mnemo: MnemoApi;
let keys: KeyStore;
let server: RunningHttpServer;
const k: Record<string, string> = {};
const ids: Record<string, string> = {};

const snap = async (name: string) => JSON.stringify(comparableExport(await mnemo.profile(name).export()));
function call(method: string, p: string, key: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + p, {
    method,
    headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-isolation-'));
  mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads: 1 });
  for (const [name, mark] of [[A, 'copperfalcon'], [B, MARK_B]] as const) {
    const p = mnemo.profile(name);
    const r = await p.remember({ content: `The ${mark} project ships on Thursdays.`, topicKey: 'project.release_day' });
    ids[name] = r.memory.id;
    const ing = await p.ingest([{ role: 'user', content: `We named the ${mark} server after a bird.` }], { sessionId: 's1', wait: true });
    ids[`${name}-job`] = ing.jobId ?? '';
  }
  keys = openKeyStore(dir);
  k.aWrite = (await keys.create({ profile: A, scope: 'write' })).key;
  k.aRead = (await keys.create({ profile: A, scope: 'read' })).key;
  k.admin = (await keys.create({ profile: '*', scope: 'admin' })).key;
  server = await startHttpServer({ mnemo, keys, port: 0, logger: false });
});
afterAll(async () => {
  await server?.close();
  await mnemo?.close();
  await keys?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every documented operation as [method, path] with the placeholders filled for `name`. */
async function operations(name: string): Promise<{ method: string; path: string; write: boolean }[]> {
  const doc = (await (await call('GET', '/openapi.json', undefined)).json()) as { paths: Record<string, Record<string, { 'x-mnemo-scope'?: string }>> };
  const fill = (p: string) => p.replace('{name}', name).replace('{id}', ids[name] ?? 'x').replace('{topicKey}', 'project.release_day').replace(/\{\w+\}/g, ids[`${name}-job`] || 'x');
  return Object.entries(doc.paths).filter(([p]) => p.includes('{name}')).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ method: m.toUpperCase(), path: fill(p), write: op['x-mnemo-scope'] !== 'read' })));
}

const bodyFor = (p: string): unknown =>
  p.endsWith('/ingest') ? { messages: [{ role: 'user', content: 'intruder was here' }] }
    : p.endsWith('/remember') ? { content: 'intruder was here' }
      : p.endsWith('/import') ? { format: 'mnemo-export', version: 1, profile: 'x', exportedAt: new Date().toISOString(), messages: [], memories: [], audit: [] }
        : p.endsWith('/recall') ? { query: MARK_B }
          : {};

describe('a key bound to one profile', () => {
  it('gets 403 on every documented route of another profile, however the name is written', async () => {
    const before = await snap(B);
    const ops = await operations(B);
    expect(ops.length).toBeGreaterThanOrEqual(14);
    const spellings = (p: string) => [p, p.replace(`/${B}/`, `/${encodeURIComponent(B).replace('z', '%7A')}/`), p.replace(`/${B}/`, `/${A}/../${B}/`), p.replace(`/${B}/`, `/${A}%2F..%2F${B}/`)];
    for (const op of ops) {
      for (const p of spellings(op.path)) {
        const res = await call(op.method, p.includes('/import') ? `${p}?strategy=replace` : p, k.aWrite, op.method === 'GET' || op.method === 'DELETE' ? undefined : bodyFor(p));
        const text = await res.text();
        expect(res.status, `${op.method} ${p}`).toBeGreaterThanOrEqual(400);
        expect(text, `${op.method} ${p}`).not.toContain(MARK_B);
      }
    }
    expect(await snap(B)).toBe(before);
    expect((await call('GET', '/v1/profiles', k.aWrite)).status).toBe(403);
  });

  it("cannot reach the other profile's memories or jobs by id through its own profile", async () => {
    const before = await snap(B);
    expect((await call('GET', `/v1/profiles/${A}/memories/${ids[B]}`, k.aWrite)).status).toBe(404);
    expect((await call('DELETE', `/v1/profiles/${A}/memories/${ids[B]}?purge=true`, k.aWrite)).status).toBe(404);
    if (ids[`${B}-job`]) expect((await call('GET', `/v1/profiles/${A}/jobs/${ids[`${B}-job`]}`, k.aWrite)).status).toBe(404);
    const recall = (await (await call('POST', `/v1/profiles/${A}/recall`, k.aWrite, { query: `${MARK_B} project server` })).json()) as { memories: unknown[]; messages: unknown[]; answer: string | null };
    expect(JSON.stringify([recall.answer, recall.memories, recall.messages])).not.toContain(MARK_B);
    expect(await snap(B)).toBe(before);
  });

  it('recall on worker threads never mixes profiles under concurrent load', async () => {
    const asks = Array.from({ length: 40 }, (_, i) => (i % 2 ? [A, k.aWrite] : [B, k.admin]) as [string, string]);
    const answers = await Promise.all(asks.map(async ([name, key]) => {
      const r = (await (await call('POST', `/v1/profiles/${name}/recall`, key, { query: 'which project ships on Thursdays and which server is named after a bird?' })).json()) as { answer: unknown; memories: unknown; messages: unknown };
      return [name, JSON.stringify([r.answer, r.memories, r.messages])] as const;
    }));
    for (const [name, text] of answers) {
      if (name === A) expect(text).not.toContain(MARK_B);
      else expect(text).toContain(MARK_B);
      if (name === B) expect(text).not.toContain('copperfalcon');
    }
  });

  it('MCP: refused on the other profile, also when one session switches profile mid-way', async () => {
    let target = A;
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set('x-mnemo-profile', target);
        headers.set('authorization', `Bearer ${k.aWrite}`);
        return fetch(url, { ...init, headers });
      },
    });
    const client = new Client({ name: 'intruder', version: '1.0.0' });
    await client.connect(transport);
    const own = await client.callTool({ name: 'list', arguments: {} });
    expect(JSON.stringify(own.content)).toContain('copperfalcon');
    const before = await snap(B);
    target = B;
    for (const [name, args] of [['list', {}], ['recall', { query: MARK_B }], ['remember', { content: 'intruder was here' }], ['forget', { id: ids[B], purge: true }], ['ingest', { messages: [{ role: 'user', content: 'intruder' }] }]] as const) {
      const outcome = await client.callTool({ name, arguments: args as Record<string, unknown> }).then((r) => JSON.stringify(r), (e: Error) => `rejected: ${e.message}`);
      expect(outcome, name).not.toContain(MARK_B);
      expect(outcome, name).toMatch(/rejected|403|forbidden/);
    }
    target = A;
    expect(JSON.stringify((await client.callTool({ name: 'list', arguments: {} })).content)).toContain('copperfalcon');
    await client.close();
    expect(await snap(B)).toBe(before);
    // The profile in the query string does not override the header.
    const r = await fetch(`${server.url}/mcp?profile=${A}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-mnemo-profile': B, authorization: `Bearer ${k.aWrite}` }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(r.status).toBe(403);
  });

  it('inspector (/ui): every view of the other profile is refused and shows none of its data', async () => {
    const before = await snap(B);
    const views = UI_VIEWS.filter((v) => v.path.includes(':name'));
    expect(views.length).toBeGreaterThan(3);
    for (const v of views) {
      const p = v.path.replace(':name', B).replace(':id', ids[B]!);
      const res = await call(v.method.toUpperCase(), p, k.aWrite, undefined, { 'hx-request': 'true', 'sec-fetch-site': 'same-origin' });
      const text = await res.text();
      expect(res.status, `${v.method} ${p}`).toBe(403);
      expect(text).not.toContain(MARK_B);
    }
    const home = await (await call('GET', '/ui', k.aWrite, undefined, { 'hx-request': 'true' })).text();
    expect(home).not.toContain(B);
    expect(await snap(B)).toBe(before);
  });
});

describe('a read-scope key', () => {
  it('writes nothing through REST, MCP or the inspector', async () => {
    const before = await snap(A);
    for (const op of (await operations(A)).filter((o) => o.write)) {
      const res = await call(op.method, op.path, k.aRead, op.method === 'DELETE' || op.method === 'GET' ? undefined : bodyFor(op.path));
      expect(res.status, `${op.method} ${op.path}`).toBe(403);
    }
    const client = new Client({ name: 'reader', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'x-mnemo-profile': A, authorization: `Bearer ${k.aRead}` } } }));
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('recall');
    for (const t of ['remember', 'forget', 'ingest']) expect(tools).not.toContain(t);
    for (const [name, args] of [['remember', { content: 'reader was here' }], ['forget', { id: ids[A] }], ['ingest', { messages: [{ role: 'user', content: 'reader' }] }]] as const) {
      const r = await client.callTool({ name, arguments: args as Record<string, unknown> }).then((x) => x, (e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
      expect(r.isError, name).toBe(true);
    }
    await client.close();
    for (const v of UI_VIEWS.filter((x) => x.method === 'post' && x.path.includes(':name'))) {
      const p = v.path.replace(':name', A).replace(':id', ids[A]!);
      expect((await call('POST', p, k.aRead, undefined, { 'hx-request': 'true', 'sec-fetch-site': 'same-origin' })).status, p).toBe(403);
    }
    expect(await snap(A)).toBe(before);
  });
});
