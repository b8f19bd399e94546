/** Change events over SSE (resumable) and webhooks (signed, retried, dead-lettered) with real local receivers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ChangeEvent, type ProfileClient } from '../src/client/index.js';
import { verifySignature } from '../src/webhooks/sign.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

let fx: Fixture;
let me: ProfileClient;

beforeAll(async () => {
  fx = await startFixture({ webhooks: { pollMs: 40, timeoutMs: 300, maxAttempts: 3, backoffMs: 40, rescanMs: 60_000 } });
  me = createClient({ baseUrl: fx.url }).profile('events');
  await me.remember({ content: 'The profile exists now.' });
});
afterAll(async () => {
  await fx.close();
});

async function until<T>(what: string, probe: () => T | Promise<T>, ms = 8000): Promise<NonNullable<T>> {
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
    const stream = me.watch({ signal: abort.signal });
    const first = stream.next(); // connects
    await new Promise((r) => setTimeout(r, 300));
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
    const bad = await fx.call('GET', '/v1/profiles/events/events', { headers: { 'last-event-id': 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    const none = await fx.call('GET', '/v1/profiles/nobody-here/events');
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

    // The healthy receiver gets it promptly although another receiver hangs.
    await until('healthy delivery', () => healthy.got.length >= 1, 3000);
    const started = Date.now();
    expect((await me.get(memory.id)).id).toBe(memory.id);
    expect(Date.now() - started).toBeLessThan(1000);

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
    expect(slowLog.dead[0].error).toMatch(/no answer within 300 ms/);

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
