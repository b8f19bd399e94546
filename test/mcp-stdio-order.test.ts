/** Read-your-writes over MCP stdio: a real child process and the real SDK client, requests pipelined. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/cli.mjs');

type Text = { type: 'text'; text: string };
const payload = (res: any) => JSON.parse((res.content[0] as Text).text.replace(/^[^\n]*\n/, ''));

let dir: string;
let client: Client;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-stdio-order-'));
  const transport = new StdioClientTransport({ command: process.execPath, args: [tsx, 'test/support/mcp-stdio-server.ts', dir, 'p'], cwd: root, stderr: 'pipe' });
  client = new Client({ name: 'order-test', version: '1.0.0' });
  await client.connect(transport);
});
afterEach(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('MCP stdio: one session sees its own earlier writes', () => {
  it('answers a list sent right after a remember (not awaited) with the new memory', async () => {
    await client.callTool({ name: 'remember', arguments: { content: 'The user prefers dark mode.' } });
    const remembered = client.callTool({ name: 'remember', arguments: { content: 'The staging database is Postgres 15.' } });
    const listed = client.callTool({ name: 'list', arguments: {} });
    const [stored, page] = await Promise.all([remembered, listed]);
    expect(stored.isError).toBeFalsy();
    expect(page.isError).toBeFalsy();
    expect(payload(page).items.map((m: any) => m.id)).toContain(payload(stored).id);
  });

  it('keeps the order of a burst of writes and reads', async () => {
    const calls: Promise<any>[] = [];
    for (let i = 0; i < 5; i++) {
      calls.push(client.callTool({ name: 'remember', arguments: { content: `Release train ${i} ships on day ${i + 1}.` } }));
      calls.push(client.callTool({ name: 'list', arguments: { limit: 50 } }));
    }
    const results = await Promise.all(calls);
    for (let i = 0; i < 5; i++) {
      const ids = payload(results[2 * i + 1]).items.map((m: any) => m.id);
      for (let j = 0; j <= i; j++) expect(ids).toContain(payload(results[2 * j]).id);
    }
    const recalled = payload(await client.callTool({ name: 'recall', arguments: { query: 'when does release train 3 ship?' } }));
    expect(recalled.memories.length).toBeGreaterThan(0);
  });
});
