/** MCP over stdio: a real child process, the real SDK client. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI as cli } from './fixtures/cli/run-cli.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/cli.mjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-stdio-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Text = { type: 'text'; text: string };
const payload = (res: any) => JSON.parse((res.content[0] as Text).text.replace(/^[^\n]*\n/, ''));

async function roundTrip(args: string[]): Promise<void> {
  // The client passes a minimal environment: the CLI's code cache goes to the test's folder, not the user's home.
  const env = { ...getDefaultEnvironment(), MNEMO_CACHE_DIR: path.join(dir, 'code-cache') };
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr: 'pipe', env });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['forget', 'ingest', 'list', 'recall', 'remember', 'update', 'complete', 'note']));
  const stored = payload(await client.callTool({ name: 'remember', arguments: { content: 'The CI runs on GitHub Actions.' } }));
  const rec = payload(await client.callTool({ name: 'recall', arguments: { query: 'where does CI run?' } }));
  expect(rec.memories.map((m: any) => m.id)).toContain(stored.id);
  await client.close();
}

describe('MCP over stdio', () => {
  it('serves a profile through runMcpStdio in a child process', async () => {
    await roundTrip([tsx, 'test/support/mcp-stdio-server.ts', dir, 'x']);
  });

  it.skipIf(!existsSync(cli))('serves a profile through `mnemo mcp`', async () => {
    await roundTrip([cli, 'mcp', '--profile', 'x', '--data-dir', dir]);
  });
});
