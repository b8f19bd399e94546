/** Lifecycle through the adapters: HTTP (real server, bearer keys), MCP (real client), CLI (built binary). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../src/mcp/server.js';
import { runCli } from './fixtures/cli/run-cli.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

let f: Fixture;
const k: Record<string, string> = {};
beforeAll(async () => {
  f = await startFixture({
    withKeys: async (keys) => {
      k.write = (await keys.create({ profile: 'a', scope: 'write' })).key;
      k.read = (await keys.create({ profile: 'a', scope: 'read' })).key;
      k.pw = (await keys.create({ profile: 'p', scope: 'write' })).key;
    },
  });
});
afterAll(async () => {
  await f?.close();
});

const json = async (res: Response) => (await res.json()) as any;

describe('lifecycle over HTTP and MCP', () => {
  it('a read-only key\'s recall counts as an access; tiers and the tier route work; bad tiers are 400', async () => {
    const written = await json(await f.call('POST', '/v1/profiles/a/remember', { key: k.write, body: { content: 'The team deploys on Fridays.' } }));
    const id = written.memory.id;
    const r = await f.call('POST', '/v1/profiles/a/recall', { key: k.read, body: { query: 'when does the team deploy?', tiers: 'all' } });
    expect(r.status).toBe(200);
    const result = await json(r);
    expect(result.memories[0]).toMatchObject({ id, tier: 'hot', salience: expect.any(Number) });
    expect(result.reading.tiers).toEqual({ searched: ['hot', 'cold', 'messages'], why: ['tiers: all (gate skipped)'] });
    const get = await json(await f.call('GET', `/v1/profiles/a/recall?q=${encodeURIComponent('deploy day')}&tiers=auto`, { key: k.read }));
    expect(get.reading.tiers.searched).toEqual(['hot', 'cold', 'messages']); // nothing cold: one pass
    await f.mnemo.profile('a').drain();
    const doc = await f.mnemo.profile('a').export();
    expect(doc.memories.find((m) => m.id === id)!.accessCount).toBe(2);

    const bad = await f.call('POST', '/v1/profiles/a/recall', { key: k.read, body: { query: 'x', tiers: 'warm' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain('tiers');
    expect((await f.call('POST', '/v1/profiles/a/tier', { key: k.read, body: {} })).status).toBe(403);
    const tiered = await f.call('POST', '/v1/profiles/a/tier', { key: k.write, body: { coldAfter: '90d' } });
    expect(tiered.status).toBe(200);
    expect(await json(tiered)).toMatchObject({ scanned: 1, cooled: 0 });
    const badTier = await f.call('POST', '/v1/profiles/a/tier', { key: k.write, body: { coldAfter: '-5d' } });
    expect(badTier.status).toBe(400);
    const listed = await json(await f.call('GET', '/v1/profiles/a/memories?sort=salience', { key: k.read }));
    expect(listed.items[0]).toMatchObject({ id, salience: expect.any(Number) });
  });

  it('remember takes pinned over HTTP and MCP; a non-boolean is refused', async () => {
    const res = await f.call('POST', '/v1/profiles/p/remember', { key: k.pw, body: { content: 'The user is allergic to peanuts.', pinned: true } });
    expect(res.status).toBe(201);
    const pinned = (await json(res)).memory;
    expect(pinned.pinned).toBe(true);
    expect((await json(await f.call('GET', `/v1/profiles/p/memories/${pinned.id}`, { key: k.pw }))).pinned).toBe(true);
    const bad = await f.call('POST', '/v1/profiles/p/remember', { key: k.pw, body: { content: 'x', pinned: 'yes' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain('pinned');

    const server = createMcpServer({ mnemo: f.mnemo, profile: 'p' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const tools = await client.listTools();
    expect(tools.tools.find((t) => t.name === 'remember')!.inputSchema.properties).toHaveProperty('pinned');
    await client.callTool({ name: 'remember', arguments: { content: 'Always reply in metric units.', pinned: true } });
    const items = (await f.mnemo.profile('p').list({ limit: 10 })).items;
    expect(items.find((m) => m.content.startsWith('Always reply'))).toMatchObject({ pinned: true });
    await client.close();
  });

  it('the MCP recall tool takes tiers and reports what was searched', async () => {
    const server = createMcpServer({ mnemo: f.mnemo, profile: 'm' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    await client.callTool({ name: 'remember', arguments: { content: 'The staging database is Postgres 15.' } });
    const res: any = await client.callTool({ name: 'recall', arguments: { query: 'staging database', tiers: 'all' } });
    const out = JSON.parse(res.content[0].text.replace(/^[^\n]*\n/, ''));
    expect(out.tiers).toEqual({ searched: ['hot', 'cold', 'messages'], why: ['tiers: all (gate skipped)'] });
    expect(out.memories[0].salience).toEqual(expect.any(Number));
    const bad: any = await client.callTool({ name: 'recall', arguments: { query: 'x', tiers: 'lukewarm' } });
    expect(bad.isError).toBe(true);
    await client.close();
  });
});

describe('mnemo tier and list --sort salience', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-tier-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('tiers, shows settings, sorts by salience, and refuses a negative half-life without writing', async () => {
    expect((await runCli(['remember', 'Always run lint before deploying.', '--type', 'instruction'], { dataDir: dir })).code).toBe(0);
    expect((await runCli(['remember', 'Shipped v2 to production.', '--type', 'event'], { dataDir: dir })).code).toBe(0);
    const tier = await runCli(['tier', '--cold-after', '90d', '--json'], { dataDir: dir });
    expect(tier.code, tier.stderr).toBe(0);
    expect(tier.json()).toMatchObject({ scanned: 2, cooled: 0 });
    const bad = await runCli(['tier', '--half-life', 'event=-3d'], { dataDir: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('positive');
    const settings = await runCli(['tier', '--settings-only', '--json'], { dataDir: dir });
    expect(settings.json().halfLifeDays).toMatchObject({ event: 30, instruction: null });
    const set = await runCli(['tier', '--half-life', 'event=7d', '--settings-only', '--json'], { dataDir: dir });
    expect(set.json().halfLifeDays.event).toBe(7);
    const list = await runCli(['list', '--sort', 'salience', '--json'], { dataDir: dir });
    const s = list.json().items.map((m: any) => m.salience);
    expect(s).toHaveLength(2);
    expect(s[0]).toBeGreaterThanOrEqual(s[1]);
    expect((await runCli(['list', '--sort', 'hotness'], { dataDir: dir })).code).toBe(2);
    const human = await runCli(['recall', 'lint before deploying', '--tiers', 'all'], { dataDir: dir });
    expect(human.stdout).toContain('tiers: hot → cold → messages (tiers: all (gate skipped))');
    const pinned = await runCli(['remember', 'The user is allergic to peanuts.', '--pinned', '--json'], { dataDir: dir });
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(pinned.json().memory.pinned).toBe(true);
    const exported = await runCli(['export'], { dataDir: dir });
    expect(exported.code, exported.stderr).toBe(0);
    const doc = JSON.parse(exported.stdout);
    expect(doc.memories.find((m: any) => m.id === pinned.json().memory.id).pinned).toBe(true);
    expect(doc.memories.filter((m: any) => m.pinned)).toHaveLength(1);
  });
});
