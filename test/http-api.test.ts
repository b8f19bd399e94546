import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './support/http-fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

const P = '/v1/profiles/alpha';
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe('REST round trips over a real listener', () => {
  it('ingest → recall → list → get → forget → history → export/import', async () => {
    const ing = await json(await f.call('POST', `${P}/ingest`, {
      body: {
        sessionId: 's1',
        wait: true,
        messages: [
          { role: 'user', content: 'I always use pnpm, never npm, for JavaScript projects.' },
          { role: 'assistant', content: 'Noted: pnpm it is.' },
        ],
      },
    }));
    expect(ing.status).toBe(200);
    expect(ing.body.inserted).toBe(2);

    const again = await json(await f.call('POST', `${P}/ingest`, { body: { sessionId: 's1', messages: [{ role: 'user', content: 'I always use pnpm, never npm, for JavaScript projects.' }] } }));
    expect(again.body).toMatchObject({ inserted: 0, duplicates: 1, jobId: null });

    const rem = await json(await f.call('POST', `${P}/remember`, { body: { content: 'The project database is PostgreSQL 16.', topicKey: 'project.database', type: 'fact' } }));
    expect(rem.status).toBe(201);
    const id = rem.body.memory.id as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const same = await json(await f.call('POST', `${P}/remember`, { body: { content: 'The project database is PostgreSQL 16.', topicKey: 'project.database', type: 'fact' } }));
    expect(same.status).toBe(200);
    expect(same.body.created).toBe(false);

    const rec = await json(await f.call('POST', `${P}/recall`, { body: { query: 'which database does the project use?', limit: 5 } }));
    expect(rec.status).toBe(200);
    expect(rec.body.memories.map((m: any) => m.id)).toContain(id);
    const recGet = await json(await f.call('GET', `${P}/recall?q=${encodeURIComponent('what database?')}&limit=3&types=fact`));
    expect(recGet.status).toBe(200);
    expect(recGet.body.memories.length).toBeLessThanOrEqual(3);
    expect(recGet.body.memories.every((m: any) => m.type === 'fact')).toBe(true);

    const list = await json(await f.call('GET', `${P}/memories?type=fact&limit=1`));
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    const all: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await json(await f.call('GET', `${P}/memories?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      all.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(all.map((m) => m.id)).toContain(id);

    expect((await json(await f.call('GET', `${P}/memories/${id}`))).body.content).toBe('The project database is PostgreSQL 16.');

    const newer = await json(await f.call('POST', `${P}/remember`, { body: { content: 'The project database is SQLite.', topicKey: 'project.database', type: 'fact' } }));
    expect(newer.body.superseded).toEqual([id]);
    const hist = await json(await f.call('GET', `${P}/history/project.database`));
    expect(hist.body.items.map((m: any) => m.status)).toEqual(['superseded', 'active']);

    const del = await json(await f.call('DELETE', `${P}/memories/${newer.body.memory.id}`));
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('forgotten');
    const purged = await json(await f.call('DELETE', `${P}/memories/${id}?purge=true&reason=test`));
    expect(purged.status).toBe(200);

    const ctx = await json(await f.call('POST', `${P}/context`, { body: { maxTokens: 200 } }));
    expect(ctx.status).toBe(200);
    expect(ctx.body.maxTokens).toBe(200);
    expect((await json(await f.call('POST', `${P}/context`))).status).toBe(200);

    const exp = await json(await f.call('GET', `${P}/export`));
    expect(exp.body.format).toBe('mnemo-export');
    const imp = await json(await f.call('POST', '/v1/profiles/beta/import', { body: exp.body }));
    expect(imp.status).toBe(200);
    expect(imp.body.memories).toBe(exp.body.memories.length);
    const exp2 = await json(await f.call('GET', '/v1/profiles/beta/export'));
    expect(exp2.body.memories.map((m: any) => m.id).sort()).toEqual(exp.body.memories.map((m: any) => m.id).sort());

    const profiles = await json(await f.call('GET', '/v1/profiles'));
    expect(profiles.body.profiles).toEqual(expect.arrayContaining(['alpha', 'beta']));
  });

  it('reports jobs', async () => {
    const ing = await json(await f.call('POST', `${P}/ingest`, { body: { sessionId: 's2', messages: [{ role: 'user', content: 'Our staging server runs on Fly.io.' }] } }));
    expect(ing.status).toBe(202);
    const job = await json(await f.call('GET', `${P}/jobs/${ing.body.jobId}`));
    expect(job.status).toBe(200);
    expect(job.body.id).toBe(ing.body.jobId);
    const counts = await json(await f.call('GET', `${P}/jobs`));
    expect(counts.body).toHaveProperty('pending');
    expect((await json(await f.call('GET', `${P}/jobs/nope`))).status).toBe(404);
  });
});

describe('errors', () => {
  it('validation errors name the field', async () => {
    const r = await json(await f.call('POST', `${P}/remember`, { body: { content: '   ' } }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_input');
    expect(r.body.error.message).toContain('content');
    const bad = await json(await f.call('POST', `${P}/ingest`, { body: { messages: [{ role: 'robot', content: 'x' }] } }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/messages\[0\]\.role|messages\.0\.role/);
    const lim = await json(await f.call('GET', `${P}/memories?limit=abc`));
    expect(lim.status).toBe(400);
    expect(lim.body.error.message).toContain('limit');
  });

  it('malformed JSON is a 400 naming the problem', async () => {
    const r = await json(await f.call('POST', `${P}/recall`, { raw: '{"query": "x",', headers: { 'content-type': 'application/json' } }));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/not valid JSON/);
    const empty = await json(await f.call('POST', `${P}/remember`, { raw: '' }));
    expect(empty.status).toBe(400);
  });

  it('404 for an unknown memory and an unknown route; 400 for a bad profile name or id', async () => {
    const r = await json(await f.call('GET', `${P}/memories/${'0'.repeat(32)}`));
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
    expect((await json(await f.call('GET', '/v1/nothing'))).status).toBe(404);
    const bad = await json(await f.call('GET', '/v1/profiles/Bad..Name/memories'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_profile');
    expect((await json(await f.call('GET', `${P}/memories/xyz`))).status).toBe(400);
  });

  it('413 for a body over the limit', async () => {
    const r = await json(await f.call('POST', `${P}/remember`, { body: { content: 'x'.repeat(3 * 1024 * 1024) } }));
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('too_large');
  });

  it('413 for a chunked body (no Content-Length) over the limit; chunked bodies within it work', async () => {
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(ctl) {
          for (let i = 0; i < bytes.length; i += 64 * 1024) ctl.enqueue(bytes.subarray(i, i + 64 * 1024));
          ctl.close();
        },
      });
      return fetch(`${f.url}${P}/remember`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    };
    const big = await json(await chunked(JSON.stringify({ content: 'y'.repeat(3 * 1024 * 1024) })));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('too_large');
    const small = await json(await chunked(JSON.stringify({ content: 'Chunked request bodies are read from the socket.' })));
    expect(small.status).toBe(201);
    expect(small.body.memory.content).toBe('Chunked request bodies are read from the socket.');
  });

  it('echoes or assigns request ids', async () => {
    const r = await f.call('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(r.headers.get('x-request-id')).toBe('abc-123');
    const e = await f.call('GET', `${P}/memories/${'0'.repeat(32)}`);
    const id = e.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await e.json()) as any).error.requestId).toBe(id);
  });

  it('MCP responses (built by the transport) carry the request id too', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const r = await f.call('POST', '/mcp', { body: init, headers: { 'x-mnemo-profile': 'alpha', accept: 'application/json, text/event-stream', 'x-request-id': 'mcp-1' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('mcp-1');
    expect(((await r.json()) as any).result.serverInfo).toBeTruthy();
  });
});
