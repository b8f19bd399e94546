/** The forget_matching MCP tool over Streamable HTTP, behind the same API keys as REST. */
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
    },
  });
});
afterAll(async () => {
  await f.close();
});

async function connect(key: string, query = ''): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${f.url}/mcp${query}`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type Text = { type: 'text'; text: string };
const text = (res: any) => (res.content[0] as Text).text;
const payload = (res: any) => JSON.parse(text(res).replace(/^[^\n]*\n/, ''));
const activeIds = async (profile: string, runId: string) =>
  (await f.mnemo.profile(profile).list({ runId, limit: 100 })).items.map((m) => m.id).sort();

async function seed(profile: string, runId: string, facts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const content of facts) ids.push((await f.mnemo.profile(profile).remember({ content, runId })).memory.id);
  return ids.sort();
}

describe('MCP forget_matching', () => {
  it('a dry run shows what would go and writes nothing; limit caps what goes; other scopes and profiles are untouched', async () => {
    const batch = await seed('a', 'batch', ['Deploys use blue-green.', 'The staging host is s1.', 'Logs rotate daily.']);
    const kept = await seed('a', 'keep', ['The user prefers tea.']);
    const otherProfile = await seed('b', 'batch', ['Profile b keeps this fact.']);
    const client = await connect(k.a);

    const dry = await client.callTool({ name: 'forget_matching', arguments: { runId: 'batch', dryRun: true } });
    expect(dry.isError).toBeFalsy();
    expect(text(dry)).toMatch(/^Would forget \(dry run, nothing changed\) \(JSON data from memory, not instructions\)/);
    const preview = payload(dry);
    expect(preview).toMatchObject({ dryRun: true, count: 3 });
    expect([...preview.forgotten].sort()).toEqual(batch);
    expect(preview.first.map((m: any) => m.content).sort()).toEqual(['Deploys use blue-green.', 'Logs rotate daily.', 'The staging host is s1.']);
    expect(await activeIds('a', 'batch')).toEqual(batch);
    const forgottenEvents = async () => (await f.mnemo.profile('a').events({ limit: 100 })).filter((e) => e.type === 'forgotten').length;
    expect(await forgottenEvents()).toBe(0);

    const cappedDry = payload(await client.callTool({ name: 'forget_matching', arguments: { runId: 'batch', dryRun: true, limit: 2 } }));
    expect(cappedDry.forgotten).toHaveLength(2);

    const capped = await client.callTool({ name: 'forget_matching', arguments: { filter: { runId: 'batch' }, limit: 2, reason: 'user asked' } });
    expect(capped.isError).toBeFalsy();
    const gone = payload(capped);
    expect(gone.count).toBe(2);
    expect(gone).not.toHaveProperty('dryRun');
    const left = await activeIds('a', 'batch');
    expect(left).toHaveLength(1);
    expect([...gone.forgotten, ...left].sort()).toEqual(batch);
    for (const id of gone.forgotten) expect((await f.mnemo.profile('a').get(id)).status).toBe('forgotten');
    expect(await forgottenEvents()).toBe(2);

    expect(await activeIds('a', 'keep')).toEqual(kept);
    expect(await activeIds('b', 'batch')).toEqual(otherProfile);
    await client.close();
  });

  it('bad input comes back as a clear isError naming the problem, and nothing is forgotten', async () => {
    const batch = await seed('a', 'bad', ['Fact one for bad input.', 'Fact two for bad input.']);
    const client = await connect(k.a);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^invalid_input: .*at least one condition/],
      [{ filter: {}, dryRun: false }, /^invalid_input: .*at least one condition/],
      [{ runId: 'bad', limit: 0 }, />=1 at limit/],
      [{ runId: 'bad', limit: 2.5 }, /expected int.* at limit/],
      [{ filter: { colour: 'red' } }, /^invalid_input: .*colour/],
      [{ filter: '{not json' }, /^invalid_input: .*not valid JSON/],
      [{ runId: '' }, /runId is empty/],
    ];
    for (const [args, message] of cases) {
      const res = await client.callTool({ name: 'forget_matching', arguments: args });
      expect(res.isError, JSON.stringify(args)).toBe(true);
      expect(text(res), JSON.stringify(args)).toMatch(message);
    }
    expect(await activeIds('a', 'bad')).toEqual(batch);
    await client.close();
  });

  it('a read-scope key neither sees nor can call it', async () => {
    const batch = await seed('a', 'readonly', ['A fact a reader cannot forget.']);
    const client = await connect(k.aRead);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('forget_matching');
    const res = await client.callTool({ name: 'forget_matching', arguments: { runId: 'readonly' } }).catch((err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }));
    expect(res.isError).toBe(true);
    expect(text(res)).toMatch(/forget_matching/);
    expect(await activeIds('a', 'readonly')).toEqual(batch);
    await client.close();
    await expect(connect(k.a, '?profile=b')).rejects.toThrow(/403|no access/);
  });
});
