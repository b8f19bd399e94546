/** Tasks end: complete (library, CLI, HTTP, MCP) and expiry; ended tasks leave recall, list keeps them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { createMcpServer } from '../src/mcp/server.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { completeTask } from '../src/tasks/complete.js';
import { expiryFromText } from '../src/tasks/expiry.js';
import { mem } from './contract/harness.js';
import { runCli } from './fixtures/cli/run-cli.js';
import { startFixture } from './support/http-fixture.js';

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-tasks-'));
  mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

const recalledIds = async (p: ReturnType<MnemoApi['profile']>, q: string, referenceDate?: string) =>
  (await p.recall(q, { synthesize: false, referenceDate })).memories.map((m) => m.id);

describe('completing a task', () => {
  it('takes a done task out of recall while list (status done) and the audit log keep it', async () => {
    const p = mnemo.profile('work');
    const { memory: task } = await p.remember({ content: 'Waiting on review for PR #123 from Priya', type: 'task' });
    await p.remember({ content: 'The review bot comments on every pull request', type: 'fact' });
    expect(await recalledIds(p, 'review for PR #123')).toContain(task.id);

    const done = await p.complete(task.id, { reason: 'merged' });
    expect(done).toMatchObject({ id: task.id, status: 'done' });
    expect(await recalledIds(p, 'review for PR #123')).not.toContain(task.id);
    expect((await p.list({ type: 'task' })).items.map((m) => m.id)).not.toContain(task.id);
    expect((await p.list({ type: 'task', status: 'done' })).items.map((m) => m.id)).toEqual([task.id]);
    const exported = await p.export();
    expect(exported.audit.some((e) => e.memoryId === task.id && e.action === 'status' && (e.detail as any).to === 'done' && (e.detail as any).reason === 'merged')).toBe(true);
    // again: nothing changes
    expect((await p.complete(task.id)).updatedAt).toBe(done.updatedAt);
  });

  it('refuses what is not an active task, with a clear error', async () => {
    const p = mnemo.profile('work');
    const { memory: fact } = await p.remember({ content: 'The project uses pnpm', type: 'fact' });
    await expect(p.complete(fact.id)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('not a task') });
    await expect(p.complete('0'.repeat(32))).rejects.toMatchObject({ code: 'not_found' });
    await expect(p.complete('nope')).rejects.toMatchObject({ code: 'invalid_input' });
    const { memory: task } = await p.remember({ content: 'Rotate the staging certificates', type: 'task' });
    await p.forget(task.id);
    await expect(p.complete(task.id)).rejects.toMatchObject({ code: 'conflict' });
    expect((await p.get(fact.id)).status).toBe('active');
  });

  it('a task purged between the check and the write stays purged (conflict), never becomes done', async () => {
    const store = openSqliteStore(path.join(dir, 'race.db'), 'race');
    try {
      const task = mem('Rotate the staging certificates', { type: 'task' });
      await store.writeMemories([task]);
      // The check reads an active task; another writer purges it before the write runs.
      const racing = new Proxy(store, {
        get(target, prop, receiver) {
          if (prop !== 'getMemory') return Reflect.get(target, prop, receiver);
          return async (id: string) => {
            const seen = await target.getMemory(id);
            await target.forget(id, { purge: true, reason: 'asked' });
            return seen;
          };
        },
      });
      await expect(completeTask(racing, task.id)).rejects.toMatchObject({ code: 'conflict' });
      expect(await store.getMemory(task.id)).toMatchObject({ status: 'forgotten', content: '[purged]' });
      expect((await store.listAudit({ memoryId: task.id })).map((a) => a.action)).toEqual(['write', 'purge']);
    } finally {
      await store.close();
    }
  });
});

describe('task expiry', () => {
  it('a lapsed task leaves recall but stays in list; before its expiry it is recalled', async () => {
    const p = mnemo.profile('exp');
    const { memory: lapsed } = await p.remember({ content: 'Book the venue for the offsite', expiresAt: '2026-01-10T00:00:00Z' });
    expect(lapsed).toMatchObject({ type: 'task', expiresAt: '2026-01-10T00:00:00.000Z' });
    const { memory: open } = await p.remember({ content: 'Book the flights for the offsite', type: 'task', expiresAt: '2999-01-01T00:00:00Z' });
    const now = await recalledIds(p, 'book the offsite venue and flights');
    expect(now).toContain(open.id);
    expect(now).not.toContain(lapsed.id);
    expect(await recalledIds(p, 'book the offsite venue and flights', '2026-01-05T00:00:00Z')).toContain(lapsed.id);
    expect((await p.list({ type: 'task' })).items.map((m) => m.id).sort()).toEqual([lapsed.id, open.id].sort());
    expect((await p.recall('book the offsite venue', { synthesize: false, includeSuperseded: true })).memories.map((m) => m.id)).toContain(lapsed.id);
    const ctx = await p.context({ maxTokens: 2000 });
    expect(ctx.text).toContain('Book the flights');
    expect(ctx.text).not.toContain('Book the venue');
  });

  it('takes the expiry from a deadline in the task itself, and refuses expiresAt on a fact', async () => {
    const p = mnemo.profile('exp');
    const { memory } = await p.remember({ content: 'Send the tax documents to the accountant by 2026-05-01', type: 'task' });
    expect(memory.expiresAt).toBe('2026-05-01T23:59:59.999Z');
    expect(expiryFromText('finish the migration until Friday', new Date('2026-04-15T10:00:00Z'))).toBe('2026-04-17T23:59:59.999Z');
    expect(expiryFromText('we met on Friday', new Date('2026-04-15T10:00:00Z'))).toBeNull();
    await expect(p.remember({ content: 'The office is in Berlin', type: 'fact', expiresAt: '2026-05-01' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('tasks only') });
  });

  it('gives extracted tasks the expiry of their deadline, read against when they were said', async () => {
    const p = mnemo.profile('exp');
    const res = await p.ingest([{ role: 'user', content: 'I still need to renew the domain before 2026-05-01.', timestamp: '2026-04-15T10:00:00Z' }], { sessionId: 's', wait: true });
    const task = res.memories!.find((m) => m.type === 'task')!;
    expect(task.expiresAt).toBe('2026-05-01T23:59:59.999Z');
    expect(await recalledIds(p, 'renew the domain', '2026-04-20T00:00:00Z')).toContain(task.id);
    expect(await recalledIds(p, 'renew the domain', '2026-05-02T00:00:00Z')).not.toContain(task.id);
  });

  it('keeps expiresAt through a JSON export and import', async () => {
    const p = mnemo.profile('exp');
    const { memory } = await p.remember({ content: 'Renew the domain', expiresAt: '2026-06-30T12:00:00Z' });
    const copy = mnemo.profile('copy');
    await copy.import(await p.export());
    expect((await copy.get(memory.id)).expiresAt).toBe('2026-06-30T12:00:00.000Z');
  });
});

describe('complete through every adapter', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it('MCP: the complete tool (real client, linked transport)', async () => {
    const p = mnemo.profile('mcp');
    const { memory: task } = await p.remember({ content: 'Draft the incident postmortem', type: 'task' });
    const server = createMcpServer({ mnemo, profile: 'mcp' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    const res: any = await client.callTool({ name: 'complete', arguments: { id: task.id, reason: 'published' } });
    expect(res.isError).toBeFalsy();
    expect(res.content[0].text).toContain('"status": "done"');
    const bad: any = await client.callTool({ name: 'complete', arguments: { id: '0'.repeat(32) } });
    expect(bad.isError).toBe(true);
    const ro = createMcpServer({ mnemo, profile: 'mcp', readOnly: true });
    const [c, d] = InMemoryTransport.createLinkedPair();
    const roClient = new Client({ name: 'ro', version: '1.0.0' });
    await Promise.all([ro.connect(c), roClient.connect(d)]);
    expect((await roClient.listTools()).tools.map((t) => t.name)).not.toContain('complete');
    await client.close();
    await roClient.close();
  });

  it('HTTP: POST /v1/profiles/{name}/memories/{id}/complete', async () => {
    const f = await startFixture();
    cleanup.push(() => f.close());
    const { memory: task } = await f.mnemo.profile('h').remember({ content: 'Upgrade the load balancer', type: 'task' });
    const r = await f.call('POST', `/v1/profiles/h/memories/${task.id}/complete`, { body: { reason: 'done in CAB window' } });
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).status).toBe('done');
    const fact = (await f.mnemo.profile('h').remember({ content: 'The load balancer is HAProxy', type: 'fact' })).memory;
    const bad = await f.call('POST', `/v1/profiles/h/memories/${fact.id}/complete`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe('invalid_input');
  });

  it('CLI: mnemo complete <id>', async () => {
    const data = mkdtempSync(path.join(tmpdir(), 'mnemo-tasks-cli-'));
    cleanup.push(async () => rmSync(data, { recursive: true, force: true }));
    const added = await runCli(['remember', 'Call the landlord about the heating', '--type', 'task', '--expires', '2999-01-01', '--json'], { dataDir: data });
    expect(added.code).toBe(0);
    const id = added.json().memory.id;
    expect(added.json().memory.expiresAt).toBe('2999-01-01T00:00:00.000Z');
    const done = await runCli(['complete', id, '--reason', 'called', '--json'], { dataDir: data });
    expect(done.code).toBe(0);
    expect(done.json().status).toBe('done');
    const wrong = await runCli(['complete', '0'.repeat(32)], { dataDir: data });
    expect(wrong.code).toBe(3);
  });
});
