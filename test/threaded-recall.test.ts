import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { MnemoError } from '../src/errors.js';
import { openMemory } from '../src/index.js';
import type { ThreadRequestBody } from '../src/recall-pool/protocol.js';
import { defaultRecallTimeoutMs, RecallPool } from '../src/recall-pool/recall-pool.js';
import { locomoMessages } from './support/locomo.js';

/** An OpenAI-compatible endpoint on loopback whose every request `answer` handles (or holds). */
async function fakeModel(answer: (res: ServerResponse) => void): Promise<{ server: Server; baseURL: string }> {
  const server = createServer((req, res) => {
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** The model refuses at once, so recall falls back to the offline stages. */
const refuse = (res: ServerResponse): void => {
  res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'no model here' } }));
};

let dir: string;
const opened: MnemoApi[] = [];
function open(recallThreads: number, extra: Parameters<typeof openMemory>[0] = {}): MnemoApi {
  const m = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads, ...extra });
  opened.push(m);
  return m;
}

beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-threads-')); });
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

const strip = (r: Awaited<ReturnType<ReturnType<MnemoApi['profile']>['recall']>>) => ({
  answer: r.answer,
  memories: r.memories.map((m) => [m.id, m.score]),
  messages: r.messages.map((m) => [m.id, m.score]),
});

describe('recall on threads', () => {
  it('answers exactly as recall on the calling thread', async () => {
    const writer = open(2);
    const p = writer.profile('conv');
    const msgs = locomoMessages('conv-26').slice(0, 200);
    await p.ingest(msgs, { wait: true });
    await p.drain();
    const local = open(0).profile('conv');
    const referenceDate = '2023-09-01T00:00:00Z';
    for (const q of ['When did Caroline go to the LGBTQ support group?', 'What does Melanie paint?', 'Where did Caroline move from?']) {
      const threaded = await p.recall(q, { referenceDate, limit: 10 });
      const direct = await local.recall(q, { referenceDate, limit: 10 });
      expect(threaded.memories.length + threaded.messages.length).toBeGreaterThan(0);
      expect(strip(threaded)).toEqual(strip(direct));
    }
  });

  it('sees a write made on the main thread by the very next recall', async () => {
    const p = open(1).profile('rw');
    await p.remember({ content: 'The staging database runs on port 6543.' });
    expect((await p.recall('staging database port')).memories[0].content).toContain('6543');
    const second = await p.remember({ content: 'The billing queue is drained by a cron job every night.' });
    const r = await p.recall('billing queue cron');
    expect(r.memories[0].id).toBe(second.memory.id);
    await p.forget(second.memory.id);
    expect((await p.recall('billing queue cron')).memories.map((m) => m.id)).not.toContain(second.memory.id);
  });

  it('matches a topic key remembered on the main thread within a moment', async () => {
    const p = open(1).profile('keys');
    await p.remember({ content: 'Warm-up note about nothing in particular.' });
    await p.recall('warm-up note');
    const m = await p.remember({ content: 'Invoices go through RabbitMQ.', topicKey: 'billing.queue_system' });
    await new Promise((r) => setTimeout(r, 300));
    const r = await p.recall('which queue system does billing use?');
    const hit = r.memories.find((x) => x.id === m.memory.id)!;
    expect(JSON.stringify(hit.channels)).toContain('topic_key');
  });

  it('keeps errors typed: unknown profile, bad options, closed handle', async () => {
    const m = open(1);
    await m.profile('known').remember({ content: 'something to find' });
    await expect(m.profile('nobody-here').recall('anything')).rejects.toMatchObject({ code: 'not_found' });
    await expect(m.profile('known').recall('')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(m.profile('known').recall('find', { limit: -3 } as never)).rejects.toBeInstanceOf(MnemoError);
    await m.profile('known').warm();
    expect((await m.profile('known').recall('something to find')).memories).toHaveLength(1);
    await m.close();
    expect(() => m.profile('known')).toThrow(/closed/);
  });

  it('serves concurrent recalls from several threads while writes go on', async () => {
    const p = open(2).profile('busy');
    const written: string[] = [];
    const writes = (async () => {
      for (let i = 0; i < 60; i++) written.push((await p.remember({ content: `Service s${i} listens on port ${7000 + i}.` })).memory.id);
    })();
    const reads = Promise.all(Array.from({ length: 40 }, (_, i) => p.recall(`service port ${7000 + (i % 10)}`).catch((e) => e)));
    const [, results] = await Promise.all([writes, reads]);
    for (const r of results) expect(r).not.toBeInstanceOf(Error);
    const last = await p.recall('Service s59 port 7059');
    expect(last.memories[0].id).toBe(written[59]);
  });

  it('fails the requests of a thread that dies with unavailable, and replaces the thread', async () => {
    const writer = open(0);
    await writer.profile('p').remember({ content: 'The cache warms at dawn.' });
    const warnings: string[] = [];
    const pool = new RecallPool({ dataDir: dir, embedder: { kind: 'hashing' } }, 1, (w) => warnings.push(w));
    try {
      expect((await pool.recall('p', 'cache warms', { limit: 5 } as never)).memories).toHaveLength(1);
      const inFlight = pool.recall('p', 'cache warms', { limit: 5 } as never);
      await (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0].worker.terminate();
      await expect(inFlight).rejects.toMatchObject({ code: 'unavailable' });
      expect(warnings.join()).toMatch(/recall thread exited/);
      expect((await pool.recall('p', 'cache warms', { limit: 5 } as never)).memories).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('times out a recall on a thread stuck in a loop, stops and replaces the thread, and answers the next recall', async () => {
    const writer = open(0);
    await writer.profile('p').remember({ content: 'The cache warms at dawn.' });
    const warnings: string[] = [];
    // The thread that replaces the stuck one must answer within this too: far above a recall of a
    // one-memory profile even when the main thread's event loop stalls on a loaded machine.
    const timeoutMs = 4000;
    const pool = new RecallPool({ dataDir: dir, embedder: { kind: 'hashing' } }, 1, (w) => warnings.push(w), timeoutMs);
    const internals = pool as unknown as {
      threads: ({ worker: { threadId: number; once(event: 'exit', fn: () => void): void } } | null)[];
      send(t: unknown, req: ThreadRequestBody): Promise<unknown>;
    };
    try {
      // A thread takes about a second to start under tsx; warm (which has no timeout) starts it.
      await pool.warm('p');
      expect((await pool.recall('p', 'cache warms', { limit: 5 } as never)).memories).toHaveLength(1);
      const stuck = internals.threads[0]!;
      const exited = new Promise<void>((resolve) => stuck.worker.once('exit', resolve));
      // The internal test-only op: the thread busy-waits (10 min) and answers nothing meanwhile.
      const blocked = internals.send(stuck, { op: 'block', ms: 600_000 }).catch((e: unknown) => e);
      const started = Date.now();
      const err = await pool.recall('p', 'cache warms', { limit: 5 } as never).catch((e: unknown) => e);
      const waited = Date.now() - started;
      expect(err).toBeInstanceOf(MnemoError);
      expect(err).toMatchObject({ code: 'unavailable', message: expect.stringMatching(new RegExp(`no answer within ${timeoutMs} ms \\(recallTimeoutMs\\)`)) });
      expect(waited).toBeGreaterThanOrEqual(timeoutMs - 50);
      expect(waited).toBeLessThan(timeoutMs + 20_000); // fails by the timeout, not by a hang (loose: a loaded machine)
      // The other request in flight on that thread fails the same way, and the thread is stopped.
      expect(await blocked).toMatchObject({ code: 'unavailable', message: (err as Error).message });
      expect(warnings.join('\n')).toMatch(`no answer within ${timeoutMs} ms`);
      await exited;
      expect(internals.threads[0]).toBeNull();
      await pool.warm('p');
      expect(internals.threads[0]).not.toBe(stuck);
      expect((await pool.recall('p', 'cache warms', { limit: 5 } as never)).memories).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('times out a threaded recall waiting on a model that never answers (recallTimeoutMs from openMemory)', async () => {
    let stall = true;
    const held: ServerResponse[] = [];
    const { server, baseURL } = await fakeModel((res) => {
      if (stall) held.push(res);
      else refuse(res);
    });
    try {
      await open(0).profile('p').remember({ content: 'The cache warms at dawn.' });
      const warnings: string[] = [];
      const llm = { provider: 'openai-compatible' as const, baseURL, model: 'stalled', maxRetries: 0, timeoutMs: 600_000 };
      const recallTimeoutMs = 4000; // the recall after the stall must fit in it too (loose: a loaded machine)
      const p = open(1, { llm, recallTimeoutMs, onWarning: (w) => warnings.push(w) }).profile('p');
      await p.warm();
      const started = Date.now();
      await expect(p.recall('cache warms')).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining(`no answer within ${recallTimeoutMs} ms`) });
      // Failed by the recall timeout, not by the model's own 10 min one (loose: a loaded machine).
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(held.length).toBeGreaterThan(0);
      expect(warnings.join('\n')).toContain(`no answer within ${recallTimeoutMs} ms`);
      // The model now fails at once: the new thread falls back to the offline stages and answers.
      stall = false;
      await p.warm();
      expect((await p.recall('cache warms')).memories).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps a thread that answers others: a recall on a hung model call waits, then fails alone', async () => {
    let calls = 0;
    const held: ServerResponse[] = [];
    // The first model call hangs; every later one fails at once (recall falls back to offline stages).
    const { server, baseURL } = await fakeModel((res) => {
      if (calls++ === 0) held.push(res);
      else refuse(res);
    });
    try {
      await open(0).profile('p').remember({ content: 'The cache warms at dawn.' });
      const warnings: string[] = [];
      // Every other recall (a refused model call, then the offline stages) must finish inside the same
      // timeout, and at least one before the hung one gives up: 2.5 s failed once on a 2-core machine
      // loaded 15x over (its message was not kept), so the margin is wider.
      const timeoutMs = 6000;
      const llm = { provider: 'openai-compatible' as const, baseURL, model: 'half-stalled', maxRetries: 0, timeoutMs: 600_000 };
      const p = open(1, { llm, recallTimeoutMs: timeoutMs, onWarning: (w) => warnings.push(w) }).profile('p');
      await p.warm();
      let outcome: unknown;
      const hung = p.recall('cache warms').then((r) => (outcome = r), (e: unknown) => (outcome = e));
      // Other recalls keep the thread answering meanwhile.
      const answered: number[] = [];
      for (let i = 0; outcome === undefined && i < 2000; i++) {
        answered.push((await p.recall(`when does the cache warm ${i}`)).memories.length);
        await new Promise((r) => setTimeout(r, 50));
      }
      await hung;
      expect(held.length).toBe(1);
      expect(outcome).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/while its thread answered others/) });
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.every((n) => n === 1)).toBe(true);
      expect(warnings.join('\n')).not.toMatch(/thread was stopped/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('defaults the recall timeout to 30 s, leaving room for a model\'s own timeouts', () => {
    expect(defaultRecallTimeoutMs({ dataDir: dir })).toBe(30_000);
    expect(defaultRecallTimeoutMs({ dataDir: dir, llm: { provider: 'openai', model: 'm' } })).toBe(270_000);
    expect(defaultRecallTimeoutMs({ dataDir: dir, llm: { provider: 'openai', model: 'm', timeoutMs: 5_000 } })).toBe(50_000);
  });

  it('falls back to the calling thread, with a warning, when options are instances', async () => {
    const warnings: string[] = [];
    const embedder = { id: 'tiny', dimensions: 2, embed: async (texts: string[]) => texts.map(() => new Float32Array([1, 0])) };
    const m = open(2, { embedder: embedder as never, onWarning: (w) => warnings.push(w) });
    await m.profile('x').remember({ content: 'kept locally' });
    expect((await m.profile('x').recall('kept locally')).memories).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/recallThreads needs plain-data options, but an embedder instance was given/);
  });

  it('rejects a nonsensical thread count', () => {
    expect(() => open(-1)).toThrow(/recallThreads must be an integer/);
  });

  it('rejects a nonsensical recall timeout', () => {
    expect(() => open(1, { recallTimeoutMs: 0 })).toThrow(/recallTimeoutMs must be an integer from 100/);
    expect(() => open(1, { recallTimeoutMs: 1.5e3 + 0.5 })).toThrow(MnemoError);
  });
});
