/** The typed client (`mnemo/client`) against the real HTTP server on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, MnemoError, type ProfileClient } from '../src/client/index.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

let fx: Fixture;
let me: ProfileClient;

beforeAll(async () => {
  fx = await startFixture({ webhooks: false });
  me = createClient({ baseUrl: fx.url, timeoutMs: 10_000 }).profile('team');
});
afterAll(async () => {
  await fx.close();
});

async function expectError(p: Promise<unknown>, code: string, message?: RegExp): Promise<MnemoError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(MnemoError);
  expect((err as MnemoError).code).toBe(code);
  if (message) expect((err as MnemoError).message).toMatch(message);
  return err as MnemoError;
}

describe('typed client over HTTP', () => {
  it('remembers with scope and metadata, and recall and list stay inside the scope', async () => {
    await me.remember({ content: 'Alice prefers green tea in the morning.', type: 'fact', userId: 'alice', metadata: { source: 'chat', priority: 2 } });
    await me.remember({ content: 'Bob prefers black coffee in the morning.', type: 'fact', userId: 'bob', metadata: { source: 'chat', priority: 5 } });
    const r = await me.recall('what does the user drink in the morning?', { userId: 'alice' });
    expect(r.memories.length).toBeGreaterThan(0);
    expect(r.memories.every((m) => m.userId === 'alice')).toBe(true);
    expect(JSON.stringify(r)).not.toContain('coffee');
    const page = await me.list({ filter: { 'metadata.priority': { gte: 3 } } });
    expect(page.items.map((m) => m.content)).toEqual(['Bob prefers black coffee in the morning.']);
    expect(page.items[0].metadata).toEqual({ source: 'chat', priority: 5 });
  });

  it('gives memories extracted from an ingested conversation its scope and metadata', async () => {
    const res = await me.ingest([
      { role: 'user', content: 'I always use vim keybindings in every editor.' },
      { role: 'user', content: 'My favourite programming language is OCaml.' },
    ], { sessionId: 'carol-1', userId: 'carol', agentId: 'ide', metadata: { channel: 'ide' }, wait: true });
    expect(res.memories!.length).toBeGreaterThan(0);
    const mine = await me.list({ userId: 'carol' });
    expect(mine.items.length).toBe(res.memories!.length);
    expect(mine.items.every((m) => m.agentId === 'ide' && (m.metadata as { channel?: string }).channel === 'ide')).toBe(true);
  });

  it('pages through every memory with an async iterator', async () => {
    for (let i = 0; i < 7; i++) await me.remember({ content: `Paging note number ${i} about item ${i * 7}.`, type: 'event', runId: 'paging' });
    const seen: string[] = [];
    for await (const m of me.memories({ runId: 'paging', limit: 2 })) seen.push(m.content);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('updates through PATCH: a new version, the old one superseded in its history', async () => {
    const { memory } = await me.remember({ content: 'The project uses npm.', type: 'fact', topicKey: 'project.package_manager', metadata: { v: 1 } });
    const res = await me.update(memory.id, { content: 'The project uses pnpm.', metadata: { v: 2 } });
    expect(res.previous).toMatchObject({ id: memory.id, status: 'superseded', supersededBy: res.memory.id, content: 'The project uses npm.' });
    expect(res.memory).toMatchObject({ status: 'active', content: 'The project uses pnpm.', metadata: { v: 2 }, topicKey: 'project.package_manager' });
    expect((await me.history('project.package_manager')).map((m) => m.id)).toEqual([memory.id, res.memory.id]);
    const answer = await me.recall('which package manager does the project use?');
    const recalled = answer.memories.map((m) => m.content);
    expect(recalled).toContain('The project uses pnpm.');
    expect(recalled).not.toContain('The project uses npm.');
  });

  it('refuses bad input with typed errors and changes nothing', async () => {
    const before = (await me.stats()).memories;
    const { memory } = await me.remember({ content: 'A detail to purge later.', type: 'fact' });
    await me.forget(memory.id, { purge: true });
    const after = (await me.stats()).memories;
    await expectError(me.update(memory.id, { content: 'changed' }), 'conflict', /purged/);
    await expectError(me.update(memory.id, {}), 'invalid_input', /nothing to update/);
    await expectError(me.list({ filter: { userId: { like: 'a%' } } }), 'invalid_input', /unknown filter operator "like"/);
    await expectError(me.list({ filter: { favouriteColour: 'red' } }), 'invalid_input', /unknown filter field "favouriteColour"/);
    await expectError(me.recall('tea?', { filter: { 'metadata.priority': { gte: 'high' } } }), 'invalid_input', /number or a date/);
    await expectError(me.remember({ content: 'Too much metadata.', metadata: { blob: 'x'.repeat(20_000) } }), 'invalid_input', /metadata is larger than/);
    await expectError(me.forgetWhere({}), 'invalid_input', /at least one condition/);
    expect((await me.stats()).memories).toEqual(after);
    expect(after.forgotten).toBe((before.forgotten ?? 0) + 1);
    expect(await me.get(memory.id)).toMatchObject({ content: '[purged]', status: 'forgotten' });
  });

  it('forgets by filter', async () => {
    await me.remember({ content: 'Run scratch note one.', type: 'event', runId: 'scratch' });
    await me.remember({ content: 'Run scratch note two.', type: 'event', runId: 'scratch' });
    const res = await me.forgetWhere({ runId: 'scratch' });
    expect(res.forgotten).toHaveLength(2);
    expect((await me.list({ runId: 'scratch' })).items).toEqual([]);
  });

  it('forgets by filter with a dry run first, then at most `limit` memories', async () => {
    for (let i = 0; i < 3; i++) await me.remember({ content: `Batch cleanup note ${i}.`, type: 'event', runId: 'batch' });
    const preview = await me.forgetWhere({ runId: 'batch', dryRun: true });
    expect(preview).toMatchObject({ dryRun: true });
    expect(preview.forgotten).toHaveLength(3);
    expect((await me.list({ runId: 'batch' })).items).toHaveLength(3);
    expect((await me.forgetWhere({ runId: 'batch', dryRun: true, limit: 2 })).forgotten).toHaveLength(2);
    const some = await me.forgetWhere({ runId: 'batch', limit: 2 });
    expect(some.forgotten).toHaveLength(2);
    expect(some.forgotten.every((id) => preview.forgotten.includes(id))).toBe(true);
    expect((await me.list({ runId: 'batch' })).items).toHaveLength(1);
    await expectError(me.forgetWhere({ runId: 'batch', limit: 0 }), 'invalid_input', /limit/);
  });

  it('keeps scope and metadata through the export round trip', async () => {
    const doc = await me.export();
    const other = createClient({ baseUrl: fx.url }).profile('team-copy');
    await other.import(doc);
    const back = await other.export();
    const pick = (d: typeof doc) => d.memories.map((m) => [m.id, m.userId, m.agentId, m.runId, m.metadata]);
    expect(pick(back)).toEqual(pick(doc));
    expect(doc.memories.some((m) => m.userId === 'alice' && (m.metadata as { priority?: number }).priority === 2)).toBe(true);
  });
});

describe('client transport', () => {
  let flaky: Server;
  let hits = 0;
  let url = '';
  beforeAll(async () => {
    flaky = createServer((req, res) => {
      hits++;
      if (req.url?.startsWith('/hang')) return; // never answers
      if (hits <= 2) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end(JSON.stringify({ error: { code: 'unavailable', message: 'warming up' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', version: 'test' }));
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    flaky.closeAllConnections();
    await new Promise((r) => flaky.close(r));
  });

  it('retries 503 with backoff, and gives the typed error when retries run out', async () => {
    hits = 0;
    expect(await createClient({ baseUrl: url, backoffMs: 10 }).health()).toEqual({ status: 'ok', version: 'test' });
    expect(hits).toBe(3);
    hits = 0;
    await expectError(createClient({ baseUrl: url, retries: 1, backoffMs: 10 }).health(), 'unavailable', /warming up/);
    expect(hits).toBe(2);
  });

  it('times out a request that gets no answer', async () => {
    const started = Date.now();
    await expectError(createClient({ baseUrl: `${url}/hang/`, timeoutMs: 200, retries: 0 }).health(), 'unavailable', /no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(20_000); // by the timeout, not a hang (loose: a loaded machine)
  });

  it('retries 429 from the real rate limiter, honouring Retry-After', async () => {
    // One token per second: a write right after another finds the bucket empty unless the machine
    // took a whole second between them (at 4 per second, a 250 ms round trip refilled it).
    const limited = await startFixture({ webhooks: false, rateLimit: { rps: 1, burst: 1 } });
    try {
      const statuses: number[] = [];
      const counting: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        statuses.push(res.status);
        return res;
      };
      const client = createClient({ baseUrl: limited.url, fetch: counting, retries: 5, backoffMs: 50 }).profile('rl');
      for (let i = 0; i < 3; i++) await client.remember({ content: `Rate limited note ${i}.` });
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('event stream reader', () => {
  it('fails clearly on a stream that never sends a newline instead of buffering it all', async () => {
    const { readSse } = await import('../src/client/sse.js');
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
      },
    });
    const reader = readSse(endless, 256 * 1024);
    await expectError(reader.next(), 'too_large', /exceeds 262144 characters without a newline/);
    expect(sent).toBeLessThan(1024 * 1024);

    const fine = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('id: 7\nevent: created\ndata: {"a":1}\n\n'));
        controller.close();
      },
    });
    const messages = [];
    for await (const m of readSse(fine, 64)) messages.push(m);
    expect(messages).toEqual([{ id: '7', event: 'created', data: '{"a":1}' }]);
  });
});
