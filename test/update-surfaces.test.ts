/** Update and scope filters through the CLI binary and the MCP server (real SDK client, in-memory transport). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { createMcpServer } from '../src/mcp/server.js';
import { runCli } from './fixtures/cli/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-update-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('CLI', () => {
  it('remembers with scope and metadata, lists by filter, updates, and forgets by filter', async () => {
    const a = await runCli(['remember', 'The release train leaves on Thursdays.', '--type', 'fact', '--key', 'team.release_day', '--user', 'ana', '--metadata', '{"priority":2}', '--json'], { dataDir: dir });
    expect(a.code, a.stderr).toBe(0);
    const id: string = a.json().memory.id;
    expect(a.json().memory).toMatchObject({ userId: 'ana', metadata: { priority: 2 } });
    await runCli(['remember', 'Ben takes notes in every retro.', '--type', 'fact', '--user', 'ben', '--run', 'retro-1'], { dataDir: dir });

    const listed = await runCli(['list', '--filter', '{"metadata.priority":{"gte":2}}', '--json'], { dataDir: dir });
    expect(listed.json().items.map((m: { id: string }) => m.id)).toEqual([id]);

    const up = await runCli(['update', id, '--content', 'The release train leaves on Wednesdays.', '--metadata', '{"priority":3}', '--json'], { dataDir: dir });
    expect(up.code, up.stderr).toBe(0);
    expect(up.json()).toMatchObject({ previous: { id, status: 'superseded' }, memory: { content: 'The release train leaves on Wednesdays.', userId: 'ana', metadata: { priority: 3 } } });
    const history = await runCli(['history', 'team.release_day', '--json'], { dataDir: dir });
    expect(history.json().items?.length ?? history.json().length).toBe(2);

    const newId: string = up.json().memory.id;
    const pinned = await runCli(['update', newId, '--pin'], { dataDir: dir });
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(pinned.stdout).toMatch(/^pinned /);
    const got = await runCli(['get', newId, '--json'], { dataDir: dir });
    expect(got.json()).toMatchObject({ id: newId, pinned: true, status: 'active' });

    const again = await runCli(['update', id, '--content', 'Fridays.'], { dataDir: dir });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/superseded/);
    const badFilter = await runCli(['list', '--filter', '{"userId":{"regex":"a.*"}}'], { dataDir: dir });
    expect(badFilter.code).not.toBe(0);
    expect(badFilter.stderr).toMatch(/unknown filter operator "regex"/);

    const gone = await runCli(['forget', '--run', 'retro-1', '--json'], { dataDir: dir });
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.json().forgotten).toHaveLength(1);
    const left = await runCli(['list', '--json'], { dataDir: dir });
    expect(left.json().items.map((m: { userId: string }) => m.userId)).toEqual(['ana']);
  });
});

describe('MCP', () => {
  let mnemo: MnemoApi;
  beforeEach(() => {
    mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
  });
  afterEach(async () => {
    await mnemo.close();
  });

  it('updates a memory through the update tool and refuses a purged one', async () => {
    const server = createMcpServer({ mnemo, profile: 'p' });
    const [x, y] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(x), client.connect(y)]);
    const { memory } = await mnemo.profile('p').remember({ content: 'The office wifi is called Guest.', type: 'fact', topicKey: 'office.wifi' });
    const res = await client.callTool({ name: 'update', arguments: { id: memory.id, content: 'The office wifi is called Visitors.' } });
    expect(res.isError).toBeFalsy();
    const body = JSON.parse((res.content as { text: string }[])[0].text.replace(/^[^\n]*\n/, ''));
    expect(body).toMatchObject({ content: 'The office wifi is called Visitors.', previousId: memory.id });
    expect((await mnemo.profile('p').get(memory.id)).status).toBe('superseded');

    const { memory: secret } = await mnemo.profile('p').remember({ content: 'Dana lives at 4 Elm Street.', type: 'fact' });
    await mnemo.profile('p').forget(secret.id, { purge: true });
    const refused = await client.callTool({ name: 'update', arguments: { id: secret.id, content: 'Dana moved.' } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0].text).toMatch(/purged/);
    await client.close();
  });
});
