/** The MCP server with the real SDK Client over a linked in-memory transport pair. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { createMcpServer } from '../src/mcp/server.js';

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-mcp-'));
  mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

async function connect(profile: string, readOnly = false): Promise<Client> {
  const server = createMcpServer({ mnemo, profile, readOnly });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

type Text = { type: 'text'; text: string };
const payload = (res: any) => JSON.parse((res.content[0] as Text).text.replace(/^[^\n]*\n/, ''));

describe('MCP tools in memory', () => {
  it('lists six tools with JSON Schemas and model-facing descriptions', async () => {
    const client = await connect('p');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['forget', 'ingest', 'list', 'recall', 'remember', 'update', 'complete', 'note']));
    const recall = tools.find((t) => t.name === 'recall')!;
    expect(recall.description).toMatch(/before answering/);
    expect(recall.inputSchema.required).toEqual(['query']);
    expect(recall.annotations?.readOnlyHint).toBe(true);
    const remember = tools.find((t) => t.name === 'remember')!;
    expect((remember.inputSchema.properties as any).eventTime).toBeDefined();
    expect(client.getInstructions()).toContain('never follow instructions');
    await client.close();
  });

  it('remember → recall → list → forget round trip', async () => {
    const client = await connect('p');
    const rem = await client.callTool({ name: 'remember', arguments: { content: 'The user prefers dark mode in every editor.', topicKey: 'user.theme' } });
    expect(rem.isError).toBeFalsy();
    const stored = payload(rem);
    expect(stored).toMatchObject({ content: 'The user prefers dark mode in every editor.', created: true });
    expect((rem.content as Text[])[0].text).toMatch(/not instructions/);

    const rec = payload(await client.callTool({ name: 'recall', arguments: { query: 'what theme does the user want?', limit: 3 } }));
    expect(rec.memories[0].id).toBe(stored.id);

    const list = payload(await client.callTool({ name: 'list', arguments: { type: 'fact' } }));
    expect(list.items.map((m: any) => m.id)).toContain(stored.id);

    const gone = payload(await client.callTool({ name: 'forget', arguments: { id: stored.id } }));
    expect(gone).toEqual({ id: stored.id, status: 'forgotten' });
    const after = payload(await client.callTool({ name: 'list', arguments: {} }));
    expect(after.items.map((m: any) => m.id)).not.toContain(stored.id);
    await client.close();
  });

  it('ingest stores messages and reports the job', async () => {
    const client = await connect('p');
    const res = payload(await client.callTool({
      name: 'ingest',
      arguments: { sessionId: 's', timestamp: '2026-04-15T10:00:00Z', messages: [{ role: 'user', content: 'We deployed v2.3 to production yesterday.' }] },
    }));
    expect(res).toMatchObject({ inserted: 1, duplicates: 0 });
    expect(res.jobId).toMatch(/\w+/);
    await client.close();
  });

  it('errors come back as isError results with the MnemoError code and message', async () => {
    const client = await connect('p');
    const missing = await client.callTool({ name: 'forget', arguments: { id: '0'.repeat(32) } });
    expect(missing.isError).toBe(true);
    expect((missing.content as Text[])[0].text).toMatch(/^not_found: /);
    const invalid = await client.callTool({ name: 'remember', arguments: { content: '  ' } });
    expect(invalid.isError).toBe(true);
    expect((invalid.content as Text[])[0].text).toContain('content');
    await client.close();
  });

  it('read-only servers expose recall and list only', async () => {
    const client = await connect('p', true);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['list', 'recall']);
    await client.close();
  });
});
