import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../src/http/server.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

let f: Fixture;
const k: Record<string, string> = {};
beforeAll(async () => {
  f = await startFixture({
    withKeys: async (keys) => {
      k.admin = (await keys.create({ profile: '*', scope: 'admin' })).key;
      k.aWrite = (await keys.create({ profile: 'a', scope: 'write' })).key;
      k.aRead = (await keys.create({ profile: 'a', scope: 'read' })).key;
      k.limited = (await keys.create({ profile: 'rl', scope: 'write' })).key;
      const gone = await keys.create({ profile: 'a', scope: 'admin' });
      await keys.revoke(gone.id);
      k.revoked = gone.key;
    },
  });
});
afterAll(async () => {
  await f.close();
});

const body = { content: 'The team deploys on Fridays.' };
const status = async (res: Response) => {
  const json = (await res.json()) as any;
  return [res.status, json.error?.code ?? 'ok'];
};

describe('bearer keys', () => {
  it('401 without a key, with a malformed header or with a revoked key', async () => {
    const r = await f.call('GET', '/v1/profiles/a/memories');
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toContain('Bearer');
    expect(await status(await f.call('GET', '/v1/profiles/a/memories', { headers: { authorization: 'Basic abc' } }))).toEqual([401, 'unauthorized']);
    expect(await status(await f.call('GET', '/v1/profiles/a/memories', { key: k.revoked }))).toEqual([401, 'unauthorized']);
    expect(await status(await f.call('POST', '/mcp', { body: {} }))).toEqual([401, 'unauthorized']);
  });

  it('a key for profile a gets 403 on profile b, always', async () => {
    expect(await status(await f.call('POST', '/v1/profiles/a/remember', { key: k.aWrite, body }))).toEqual([201, 'ok']);
    expect(await status(await f.call('POST', '/v1/profiles/b/remember', { key: k.aWrite, body }))).toEqual([403, 'forbidden']);
    expect(await status(await f.call('GET', '/v1/profiles/b/memories', { key: k.aWrite }))).toEqual([403, 'forbidden']);
    expect(await status(await f.call('GET', `/v1/profiles/b/memories/${'0'.repeat(32)}`, { key: k.aRead }))).toEqual([403, 'forbidden']);
    expect(await status(await f.call('POST', '/mcp?profile=b', { key: k.aRead, body: {} }))).toEqual([403, 'forbidden']);
  });

  it('read scope cannot write; only admin lists profiles', async () => {
    expect(await status(await f.call('GET', '/v1/profiles/a/memories', { key: k.aRead }))).toEqual([200, 'ok']);
    expect(await status(await f.call('POST', '/v1/profiles/a/recall', { key: k.aRead, body: { query: 'deploys' } }))).toEqual([200, 'ok']);
    expect(await status(await f.call('POST', '/v1/profiles/a/remember', { key: k.aRead, body }))).toEqual([403, 'forbidden']);
    expect(await status(await f.call('DELETE', `/v1/profiles/a/memories/${'0'.repeat(32)}`, { key: k.aRead }))).toEqual([403, 'forbidden']);
    expect(await status(await f.call('GET', '/v1/profiles', { key: k.aWrite }))).toEqual([403, 'forbidden']);
    const r = await f.call('GET', '/v1/profiles', { key: k.admin });
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).profiles).toContain('a');
    expect(await status(await f.call('POST', '/v1/profiles/zz/remember', { key: k.admin, body }))).toEqual([201, 'ok']);
  });

  it('docs, health and metrics stay public', async () => {
    expect((await f.call('GET', '/healthz')).status).toBe(200);
    expect((await f.call('GET', '/openapi.json')).status).toBe(200);
    expect((await f.call('GET', '/metrics')).status).toBe(200);
  });

  it('429 with Retry-After once a key has used its bucket', async () => {
    // A bucket that refills one token per 20 s: the requests after the burst find it empty however
    // slowly a loaded machine sends them (at 5 per second, a 200 ms round trip refilled it).
    const s = await startHttpServer({ mnemo: f.mnemo, keys: f.keys, port: 0, logger: false, rateLimit: { rps: 0.05, burst: 5 } });
    const get = (key: string, p: string) => fetch(s.url + p, { headers: { authorization: `Bearer ${key}` } });
    await f.mnemo.profile('rl').remember({ content: 'rate limited profile exists' });
    const codes: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8; i++) {
      const r = await get(k.limited, '/v1/profiles/rl/jobs');
      codes.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
      await r.body?.cancel();
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // another key has its own bucket
    expect((await get(k.aRead, '/v1/profiles/a/jobs')).status).toBe(200);
    await s.close();
  });
});

describe('binding', () => {
  it('refuses a non-loopback host without keys', async () => {
    const p = startHttpServer({ mnemo: f.mnemo, host: '0.0.0.0', port: 0, logger: false });
    await expect(p).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('no API keys') });
  });

  it('binds a non-loopback host when keys exist, and requires them', async () => {
    const s = await startHttpServer({ mnemo: f.mnemo, keys: f.keys, host: '0.0.0.0', port: 0, logger: false });
    try {
      const url = `http://127.0.0.1:${s.port}`;
      expect((await fetch(`${url}/v1/profiles/a/jobs`)).status).toBe(401);
      expect((await fetch(`${url}/v1/profiles/a/jobs`, { headers: { authorization: `Bearer ${k.aRead}` } })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('loopback without keys is open', async () => {
    const s = await startHttpServer({ mnemo: f.mnemo, port: 0, logger: false });
    try {
      expect((await fetch(`${s.url}/v1/profiles/a/jobs`)).status).toBe(200);
      expect((await fetch(`${s.url}/v1/profiles`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
