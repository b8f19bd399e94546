/**
 * `mnemo mcp` loads a profile's indexes (seconds at 100K memories, holding the process) only once
 * the client has its handshake answer and has said it is ready, after the requests sent with that
 * notice: runMcpStdio's onInitialized runs then, and only then.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { runMcpStdio } from '../src/mcp/stdio.js';

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-mcp-ready-'));
  mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

it('runs onInitialized after answering the handshake and the requests sent with the ready notice', async () => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const answered = new Map<number, unknown>();
  let buffered = '';
  stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    for (let nl; (nl = buffered.indexOf('\n')) >= 0; buffered = buffered.slice(nl + 1)) {
      const msg = JSON.parse(buffered.slice(0, nl)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) answered.set(msg.id, msg.result);
    }
  });
  const answeredWhenReady: number[][] = [];
  const served = runMcpStdio({ mnemo, profile: 'p', stdin, stdout, onInitialized: () => answeredWhenReady.push([...answered.keys()]) });
  const send = (...msgs: object[]) => stdin.write(msgs.map((m) => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n').join(''));

  send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  await expect.poll(() => answered.has(1)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(answeredWhenReady).toEqual([]);

  send({ method: 'notifications/initialized' }, { id: 2, method: 'tools/list' });
  await expect.poll(() => answeredWhenReady.length).toBe(1);
  expect(answeredWhenReady[0]).toEqual([1, 2]);
  expect((answered.get(2) as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('recall');

  stdin.end();
  await served;
  expect(answeredWhenReady).toHaveLength(1);
});
