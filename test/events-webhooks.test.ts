/** Change events over SSE (resumable) and webhooks (signed, retried, dead-lettered) with real local receivers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ChangeEvent, type ProfileClient } from '../src/client/index.js';
import { WebhookDispatcher } from '../src/webhooks/dispatcher.js';
import { verifySignature } from '../src/webhooks/sign.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

const HOOK_TIMEOUT_MS = 2000;
let fx: Fixture;
let me: ProfileClient;
const k = { admin: '', write: '' };

beforeAll(async () => {
  fx = await startFixture({
    // The receivers below listen on 127.0.0.1, which a server refuses unless it opts in. The
    // delivery timeout is far above a local receiver's answer time even on a loaded machine: a
    // healthy delivery that timed out would be retried, and duplicates would break the order checks.
    webhooks: { pollMs: 40, timeoutMs: HOOK_TIMEOUT_MS, maxAttempts: 3, backoffMs: 40, rescanMs: 60_000, allowPrivate: true },
    withKeys: async (keys) => {
      k.admin = (await keys.create({ profile: '*', scope: 'admin' })).key;
      k.write = (await keys.create({ profile: 'events', scope: 'write' })).key;
    },
  });
  // Webhooks outlive the key that registers them, so managing them takes an admin key.
  me = createClient({ baseUrl: fx.url, apiKey: k.admin }).profile('events');
  await me.remember({ content: 'The profile exists now.' });
});
afterAll(async () => {
  await fx.close();
});

// Deadlines only bound a failing run; a loaded machine may take many times the quiet figure.
async function until<T>(what: string, probe: () => T | Promise<T>, ms = 30_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function take(stream: AsyncGenerator<ChangeEvent>, n: number): Promise<ChangeEvent[]> {
  const out: ChangeEvent[] = [];
  while (out.length < n) {
    const { value, done } = await stream.next();
    if (done) break;
    out.push(value);
  }
  return out;
}

describe('SSE change events', () => {
  it('streams created, superseded and forgotten events, and resumes after Last-Event-ID', async () => {
    const abort = new AbortController();
    // The server fixes a new stream's starting point before it answers: once the response is in,
    // later writes are on the stream however long connecting took.
    let connected!: () => void;
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const watcher = createClient({
      baseUrl: fx.url, apiKey: k.admin,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        connected();
        return res;
      },
    }).profile('events');
    const stream = watcher.watch({ signal: abort.signal });
    const first = stream.next(); // connects
    await ready;
    const { memory } = await me.remember({ content: 'The deploy target is staging.', type: 'fact', topicKey: 'project.deploy_target' });
    const updated = await me.update(memory.id, { content: 'The deploy target is production.' });
    await me.forget(updated.memory.id);
    const events = [(await first).value as ChangeEvent, ...(await take(stream, 3))];
    abort.abort();
    expect(events.map((e) => [e.type, e.memoryId])).toEqual([
      ['created', memory.id], ['created', updated.memory.id], ['superseded', memory.id], ['forgotten', updated.memory.id],
    ]);
    expect(events[2].detail).toMatchObject({ by: updated.memory.id });
    const ids = events.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // A reconnecting reader sends the last id it saw and gets exactly what came after.
    const resumed = me.watch({ after: events[1].id, reconnect: false });
    const again = await take(resumed, 2);
    await resumed.return(undefined);
    expect(again.map((e) => e.id)).toEqual([events[2].id, events[3].id]);

    const page = await me.events({ after: events[0].id, types: ['forgotten'] });
    expect(page.map((e) => e.id)).toEqual([events[3].id]);
  });

  it('refuses a bad Last-Event-ID and an unknown profile before streaming', async () => {
    const bad = await fx.call('GET', '/v1/profiles/events/events', { key: k.admin, headers: { 'last-event-id': 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    const none = await fx.call('GET', '/v1/profiles/nobody-here/events', { key: k.admin });
    expect(none.status).toBe(404);
  });

  it('is described in the OpenAPI document with the event schema', async () => {
    const doc = (await (await fx.call('GET', '/openapi.json')).json()) as { paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> } }> };
    const op = doc.paths['/v1/profiles/{name}/events'].get;
    expect(Object.keys(op.responses[200].content)).toEqual(['text/event-stream']);
    expect(Object.keys(op.responses[200].content['text/event-stream'].schema.properties)).toEqual(['id', 'type', 'profile', 'at', 'memoryId', 'detail']);
    expect(doc.paths['/v1/profiles/{name}/memories/{id}']).toHaveProperty('patch');
  });
});

interface Received { headers: IncomingMessage['headers']; body: string }

function receiver(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ server: Server; url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      handle(req, res, body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got })));
}

describe('webhooks', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  it('delivers signed events to a real receiver, in order, and logs the deliveries', async () => {
    const ok = await receiver((_req, res) => res.writeHead(204).end());
    servers.push(ok.server);
    const hook = await me.webhooks.create({ url: ok.url, events: ['created', 'forgotten'] });
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await me.webhooks.list()).map((w) => w.id)).toContain(hook.id);
    expect(JSON.stringify(await me.webhooks.list())).not.toContain(hook.secret);
    const a = await me.remember({ content: 'Webhook fact one: the office is in Lyon.', type: 'fact' });
    await me.forget(a.memory.id);
    await until('two deliveries', () => ok.got.length >= 2);
    const bodies = ok.got.map((g) => JSON.parse(g.body) as ChangeEvent & { memory: { content: string } | null });
    expect(bodies.map((b) => [b.type, b.memoryId])).toEqual([['created', a.memory.id], ['forgotten', a.memory.id]]);
    expect(bodies[0].memory?.content).toBe('Webhook fact one: the office is in Lyon.');
    for (const g of ok.got) {
      expect(verifySignature(hook.secret, g.body, g.headers['x-mnemo-signature'] as string)).toBe(true);
      expect(verifySignature('whsec_wrong', g.body, g.headers['x-mnemo-signature'] as string)).toBe(false);
    }
    const log = await until('delivery log', async () => {
      const d = await me.webhooks.deliveries(hook.id);
      return d.deliveries.length >= 2 ? d : null;
    });
    expect(log.deliveries.every((d) => d.outcome === 'delivered' && d.status === 204)).toBe(true);
    await me.webhooks.remove(hook.id);
  });

  it('retries a failing receiver with backoff and dead-letters after the last attempt; a hanging one never stalls the server', async () => {
    const failing = await receiver((_req, res) => res.writeHead(500).end('no'));
    const hanging = await receiver(() => { /* never answers */ });
    const healthy = await receiver((_req, res) => res.writeHead(200).end('ok'));
    servers.push(failing.server, hanging.server, healthy.server);
    const bad = await me.webhooks.create({ url: failing.url, events: ['created'] });
    const slow = await me.webhooks.create({ url: hanging.url, events: ['created'] });
    const good = await me.webhooks.create({ url: healthy.url, events: ['created'] });
    const { memory } = await me.remember({ content: 'Webhook fact two: the team meets on Mondays.', type: 'fact' });

    // The healthy receiver gets it although another receiver hangs, and the server still answers.
    await until('healthy delivery', () => healthy.got.length >= 1);
    expect((await me.get(memory.id)).id).toBe(memory.id);

    const dead = await until('dead letter', async () => {
      const d = await me.webhooks.deliveries(bad.id);
      return d.dead.length > 0 ? d : null;
    });
    expect(failing.got).toHaveLength(3);
    expect(dead.deliveries.map((d) => d.outcome)).toEqual(['dead', 'failed', 'failed']);
    expect(dead.dead[0]).toMatchObject({ eventId: dead.cursor, outcome: 'dead', status: 500 });
    const slowLog = await until('timeouts', async () => {
      const d = await me.webhooks.deliveries(slow.id);
      return d.dead.length > 0 ? d : null;
    });
    expect(slowLog.dead[0].error).toMatch(new RegExp(`no answer within ${HOOK_TIMEOUT_MS} ms`));
    // No head-of-line blocking: the healthy delivery was done before the hanging one first timed out.
    const goodLog = await me.webhooks.deliveries(good.id);
    expect(goodLog.deliveries.map((d) => d.outcome)).toEqual(['delivered']);
    expect(Date.parse(goodLog.deliveries[0].at)).toBeLessThanOrEqual(Math.min(...slowLog.deliveries.map((d) => Date.parse(d.at))));

    // Delivery moved on: the next event reaches the failing receiver as a new first attempt.
    await me.remember({ content: 'Webhook fact three: lunch is at noon.', type: 'fact' });
    await until('next event attempted', () => failing.got.length >= 4);
    await Promise.all([bad, slow, good].map((w) => me.webhooks.remove(w.id)));
  });

  it('refuses a webhook URL that is not http(s) and registers nothing', async () => {
    const before = await me.webhooks.list();
    for (const url of ['ftp://example.com/hook', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'http://user:pw@example.com/']) {
      const err = await me.webhooks.create({ url }).then(() => null, (e: { code?: string; message?: string }) => e);
      expect(err?.code).toBe('invalid_input');
      expect(err?.message).toMatch(/http\(s\) URL/);
    }
    expect(await me.webhooks.list()).toEqual(before);
  });
});

describe('webhook security', () => {
  it('takes an admin key to create, list, inspect or delete webhooks: a write key is refused and registers nothing', async () => {
    const writer = createClient({ baseUrl: fx.url, apiKey: k.write }).profile('events');
    const before = await me.webhooks.list();
    const created = await writer.webhooks.create({ url: 'http://127.0.0.1:9/hook' }).then(() => null, (e: { code?: string; status?: number }) => e);
    expect(created?.code).toBe('forbidden');
    for (const attempt of [() => writer.webhooks.list(), () => writer.webhooks.remove('a'.repeat(32)), () => writer.webhooks.deliveries('a'.repeat(32))]) {
      expect(await attempt().then(() => null, (e: { code?: string }) => e.code)).toBe('forbidden');
    }
    expect(await me.webhooks.list()).toEqual(before);
    // The write key still writes memories.
    expect((await writer.remember({ content: 'A write key can still remember.' })).memory.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses link-local/metadata targets always, and loopback/private ones on a server that did not opt in', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/hook', 'http://[::ffff:169.254.169.254]/']) {
      const err = await me.webhooks.create({ url }).then(() => null, (e: { code?: string; message?: string }) => e);
      expect(err?.code).toBe('invalid_input');
      expect(err?.message).toMatch(/link-local/);
    }
    const strict = await startFixture({ webhooks: { pollMs: 40, timeoutMs: 300, rescanMs: 60_000 } });
    try {
      const client = createClient({ baseUrl: strict.url }).profile('strict');
      await client.remember({ content: 'Exists.' });
      for (const url of ['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://10.1.2.3/hook', 'http://192.168.1.1/hook', 'http://[::1]:9/hook']) {
        const err = await client.webhooks.create({ url }).then(() => null, (e: { code?: string; message?: string }) => e);
        expect(err?.code, url).toBe('invalid_input');
        expect(err?.message).toMatch(/loopback or private address/);
      }
      expect(await client.webhooks.list()).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('refuses at delivery time a target that now resolves to a refused address (DNS rebinding) and delivers nothing', async () => {
    const got = await receiver((_req, res) => res.writeHead(204).end());
    // Registered through the library (as if its name had resolved to a public address then) on a strict server.
    const strict = await startFixture({ webhooks: { pollMs: 30, timeoutMs: 300, maxAttempts: 1, backoffMs: 30, rescanMs: 60_000 } });
    try {
      const profile = strict.mnemo.profile('rebind');
      await profile.remember({ content: 'Exists.' });
      const port = new URL(got.url).port;
      const hook = await profile.webhooks().create({ url: `http://localhost:${port}/hook` }, { allowPrivate: true });
      await profile.remember({ content: 'Secret plans that must not leave the network.' });
      const d = await until('refused delivery', async () => {
        const x = await profile.webhooks().deliveries(hook.id);
        return x.dead.length > 0 ? x : null;
      });
      expect(d.dead[0].error).toMatch(/not allowed: .*loopback or private address/);
      expect(got.got).toHaveLength(0);
    } finally {
      await strict.close();
      got.server.closeAllConnections();
      await new Promise((r) => got.server.close(r));
    }
  });

  it('keeps every concurrent create, never exceeds the per-profile cap, and removal leaves no delivery keys behind', async () => {
    const profile = fx.mnemo.profile('events');
    const existing = (await profile.webhooks().list()).length;
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => profile.webhooks().create({ url: `http://127.0.0.1:9/hook${i}` }, { allowPrivate: true })));
    const made = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id);
    expect(made).toHaveLength(20 - existing);
    const listed = await profile.webhooks().list();
    expect(listed).toHaveLength(20);
    expect(results.filter((r) => r.status === 'rejected').every((r) => /at most 20 webhooks/.test(String((r as PromiseRejectedResult).reason)))).toBe(true);
    await Promise.all(made.map((id) => profile.webhooks().remove(id)));
    const store = await (profile as unknown as { store(): Promise<{ getMeta(k: string): Promise<string | null> }> }).store();
    for (const id of made) {
      for (const key of [`webhook_cursor:${id}`, `webhook_log:${id}`, `webhook_dead:${id}`]) expect(await store.getMeta(key)).toBeNull();
    }
    expect(await profile.webhooks().list()).toHaveLength(existing);
  });

  it('delivers each event once when several servers share the database (one lease holder at a time)', async () => {
    const got = await receiver((_req, res) => res.writeHead(204).end());
    // A second server process on the same data, as seen by the database: its own dispatcher.
    const second = new WebhookDispatcher(fx.mnemo, { pollMs: 20, timeoutMs: HOOK_TIMEOUT_MS, rescanMs: 60_000, allowPrivate: true }).start();
    try {
      const hook = await me.webhooks.create({ url: got.url, events: ['created'] });
      second.watch('events');
      for (let i = 0; i < 4; i++) await me.remember({ content: `Shared-database fact ${i}: room ${i} is free.`, type: 'fact' });
      await until('four deliveries', () => got.got.length >= 4);
      await new Promise((r) => setTimeout(r, 600));
      const ids = got.got.map((g) => (JSON.parse(g.body) as ChangeEvent).id);
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
      await me.webhooks.remove(hook.id);
    } finally {
      await second.stop();
      got.server.closeAllConnections();
      await new Promise((r) => got.server.close(r));
    }
  });
});

describe('SSE limits', () => {
  it('caps open streams per key with 429, and closes a stream whose key is revoked', async () => {
    const keyed = { a: '', aId: '', b: '' };
    const sfx = await startFixture({
      webhooks: false,
      events: { pollMs: 20, recheckKeyMs: 50, maxStreamsPerKey: 2 },
      withKeys: async (keys) => {
        const a = await keys.create({ profile: 'limits', scope: 'read' });
        [keyed.a, keyed.aId] = [a.key, a.id];
        keyed.b = (await keys.create({ profile: '*', scope: 'admin' })).key;
      },
    });
    const aborts: AbortController[] = [];
    const open = (key: string) => {
      const ab = new AbortController();
      aborts.push(ab);
      return fetch(`${sfx.url}/v1/profiles/limits/events`, { headers: { authorization: `Bearer ${key}` }, signal: ab.signal });
    };
    try {
      await createClient({ baseUrl: sfx.url, apiKey: keyed.b }).profile('limits').remember({ content: 'Exists.' });
      const [s1, s2] = [await open(keyed.a), await open(keyed.a)];
      expect([s1.status, s2.status]).toEqual([200, 200]);
      const third = await open(keyed.a);
      expect(third.status).toBe(429);
      expect(((await third.json()) as { error: { message: string } }).error.message).toMatch(/at most 2 event streams/);
      // Another key has its own allowance.
      expect((await open(keyed.b)).status).toBe(200);

      await sfx.keys.revoke(keyed.aId);
      const text = await Promise.race([
        s1.text(),
        new Promise<string>((_, reject) => setTimeout(() => reject(new Error('stream of a revoked key stayed open')), 20_000)),
      ]);
      expect(text).toMatch(/event: error[\s\S]*revoked/);
    } finally {
      for (const ab of aborts) ab.abort();
      await sfx.close();
    }
  });
});
