/** Consolidation and working memory through the real HTTP server, the real MCP client and the built CLI. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../src/mcp/server.js';
import { runCli } from './fixtures/cli/run-cli.js';
import { type Fixture, startFixture } from './support/http-fixture.js';

const json = (r: Response): Promise<any> => r.json();

const FACTS = ['Ann glazed three mugs in her pottery class', 'Ann sold a pottery vase at the market', 'Ann started a pottery course downtown'];

describe('HTTP and MCP', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await startFixture();
  });
  afterEach(async () => f.close());

  it('consolidates over HTTP (and again with nothing to do), rejects bad options, and keeps a working set per session', async () => {
    const remembered: { id: string; sourceMessageIds: string[] }[] = [];
    for (const [i, content] of FACTS.entries()) {
      const res = await f.call('POST', '/v1/profiles/p/remember', { body: { content, type: 'fact', sessionId: `s${i}`, tags: ['pottery'] } });
      expect(res.status).toBe(201);
      remembered.push((await json(res)).memory);
    }
    const bad = await f.call('POST', '/v1/profiles/p/consolidate', { body: { kinds: ['dream'] } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('invalid_input');
    expect((await f.call('POST', '/v1/profiles/ghost/consolidate', { body: {} })).status).toBe(404);

    const first = await f.call('POST', '/v1/profiles/p/consolidate', { body: { kinds: ['semantic'] } });
    expect(first.status).toBe(200);
    expect((await json(first)).report).toMatchObject({ written: 1, byKind: { semantic: 1 } });
    const second = await json(await f.call('POST', '/v1/profiles/p/consolidate', { body: { kinds: ['semantic'] } }));
    expect(second.report).toMatchObject({ written: 0, unchanged: 1 });
    const list = await json(await f.call('GET', '/v1/profiles/p/memories?limit=50'));
    const gathered = list.items.filter((m: { derivedFrom: string[] }) => m.derivedFrom.length > 0);
    expect(gathered).toHaveLength(1);
    expect([...gathered[0].derivedFrom].sort()).toEqual(remembered.map((m) => m.id).sort());
    expect([...gathered[0].sourceMessageIds].sort()).toEqual(remembered.flatMap((m) => m.sourceMessageIds).sort());
    expect(gathered[0]).toMatchObject({ status: 'active', type: 'fact', tags: expect.arrayContaining(['semantic']) });
    expect(gathered[0].content).toBe(`Ann on pottery: ${FACTS.join('; ')}`);

    const added = await f.call('POST', '/v1/profiles/p/sessions/run-1/working', { body: { content: 'Lead: the vase sold for 40 euros', keep: true } });
    expect(added.status).toBe(201);
    await f.call('POST', '/v1/profiles/p/sessions/run-1/working', { body: { content: 'Scratch: check the market hours' } });
    expect((await json(await f.call('GET', '/v1/profiles/p/sessions/run-1/working'))).items).toHaveLength(2);
    const ctx = await json(await f.call('POST', '/v1/profiles/p/context', { body: { sessionId: 'run-1' } }));
    expect(ctx.text).toMatch(/Working memory[\s\S]*vase sold for 40 euros/);
    const end = await json(await f.call('POST', '/v1/profiles/p/sessions/run-1/end', { body: {} }));
    expect(end).toMatchObject({ dropped: 1 });
    expect(end.promoted.map((m: { content: string }) => m.content)).toEqual(['Lead: the vase sold for 40 euros']);
  });

  it('offers consolidation and working memory as MCP tools', async () => {
    const server = createMcpServer({ mnemo: f.mnemo, profile: 'm' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['consolidate', 'working_memory_add', 'working_memory_list', 'end_session']));
    const payload = (res: any) => JSON.parse(res.content[0].text.replace(/^[^\n]*\n/, ''));
    for (const content of FACTS) await client.callTool({ name: 'remember', arguments: { content, type: 'fact', tags: ['pottery'] } });
    await client.callTool({ name: 'working_memory_add', arguments: { sessionId: 'x', content: 'Goal: price the vases', keep: false } });
    expect(payload(await client.callTool({ name: 'working_memory_list', arguments: { sessionId: 'x' } })).items).toHaveLength(1);
    expect(payload(await client.callTool({ name: 'end_session', arguments: { sessionId: 'x' } }))).toEqual({ promoted: [], dropped: 1 });
    const res = payload(await client.callTool({ name: 'consolidate', arguments: { kinds: ['merge'] } }));
    expect(res.report).toMatchObject({ stale: 0 });
    const bad = await client.callTool({ name: 'consolidate', arguments: { kinds: ['nope'] } });
    expect(bad.isError).toBe(true);
    await client.close();
  });
});

describe('CLI', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-sleep-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('consolidates with clear exit codes for an unknown profile and a bad kind', async () => {
    expect((await runCli(['consolidate', '--profile', 'nobody'], { dataDir: dir })).code).toBe(3);
    for (const content of FACTS) await runCli(['remember', content, '--type', 'fact'], { dataDir: dir });
    const badKind = await runCli(['consolidate', '--kinds', 'merge,dream'], { dataDir: dir });
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toMatch(/unknown consolidation kind dream/);
    const ok = await runCli(['consolidate', '--json'], { dataDir: dir });
    expect(ok.code).toBe(0);
    expect(ok.json().report).toMatchObject({ stale: 0 });
    const human = await runCli(['consolidate'], { dataDir: dir });
    expect(human.stdout).toMatch(/consolidated \d+ memories in \d+ ms: 0 written/);
  });
});
