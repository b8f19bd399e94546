/** MCP over Streamable HTTP against the real listener, behind the same API keys as REST. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './support/http-fixture.js';

let f: Fixture;
const k: Record<string, string> = {};
beforeAll(async () => {
  f = await startFixture({
    withKeys: async (keys) => {
      k.a = (await keys.create({ profile: 'a', scope: 'write' })).key;
      k.aRead = (await keys.create({ profile: 'a', scope: 'read' })).key;
      k.all = (await keys.create({ profile: '*', scope: 'write' })).key;
    },
  });
});
afterAll(async () => {
  await f.close();
});

async function connect(key: string, query = '', headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${f.url}/mcp${query}`), {
    requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } },
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type Text = { type: 'text'; text: string };
const payload = (res: any) => JSON.parse((res.content[0] as Text).text.replace(/^[^\n]*\n/, ''));

describe('MCP over Streamable HTTP', () => {
  it('uses the key\'s profile and shares data with REST', async () => {
    const client = await connect(k.a);
    const stored = payload(await client.callTool({ name: 'remember', arguments: { content: 'Releases are cut on Tuesdays.' } }));
    const rest = await f.call('GET', `/v1/profiles/a/memories/${stored.id}`, { key: k.a });
    expect(rest.status).toBe(200);
    const rec = payload(await client.callTool({ name: 'recall', arguments: { query: 'when are releases cut?' } }));
    expect(rec.memories.map((m: any) => m.id)).toContain(stored.id);
    await client.close();
  });

  it('takes the profile from x-mnemo-profile or ?profile= for a key on every profile', async () => {
    const viaHeader = await connect(k.all, '', { 'x-mnemo-profile': 'h' });
    const a = payload(await viaHeader.callTool({ name: 'remember', arguments: { content: 'Header profile fact.' } }));
    await viaHeader.close();
    const viaQuery = await connect(k.all, '?profile=q');
    const b = payload(await viaQuery.callTool({ name: 'remember', arguments: { content: 'Query profile fact.' } }));
    await viaQuery.close();
    expect((await f.mnemo.profile('h').get(a.id)).content).toBe('Header profile fact.');
    expect((await f.mnemo.profile('q').get(b.id)).content).toBe('Query profile fact.');
  });

  it('read keys see only read tools; other profiles are forbidden; keys are required', async () => {
    const client = await connect(k.aRead);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['list', 'recall']);
    await client.close();
    await expect(connect(k.a, '?profile=b')).rejects.toThrow(/403|no access/);
    await expect(connect('mnemo_000000000000_' + 'x'.repeat(43))).rejects.toThrow(/401|unknown/);
    await expect(connect(k.all)).rejects.toThrow(/400|x-mnemo-profile/);
  });
});
