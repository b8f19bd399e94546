import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, RecallResult } from '../src/api.js';
import { startHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/index.js';

let dir: string;
const handles: MnemoApi[] = [];
const open = (recallCacheMs?: number) => {
  const m = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, recallCacheMs, onWarning: () => {} });
  handles.push(m);
  return m;
};
const contents = (r: RecallResult) => r.memories.map((m) => m.content);
const QUESTION = 'which database does the billing service use?';

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-recall-cache-'));
  // A cache lifetime far above a recall's time on a loaded machine: the tests that use this handle
  // check reuse and invalidation by writes, not expiry (a first recall may take a second there).
  const p = open(60_000).profile('p');
  await p.remember({ content: 'The billing service uses PostgreSQL as its database.' });
  await p.remember({ content: 'The search cluster runs in eu-west-1.' });
});
afterEach(async () => {
  await Promise.all(handles.splice(0).map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('recall result reuse', () => {
  it('answers a repeated question from the cache with the same result, marked in timings', async () => {
    const p = handles[0].profile('p');
    const first = await p.recall(QUESTION);
    const again = await p.recall(QUESTION);
    expect(first.timings.cache_hit).toBeUndefined();
    expect(again.timings.cache_hit).toBeGreaterThanOrEqual(0);
    expect(Object.keys(again.timings)).toEqual(['cache_hit']);
    const { timings: _a, ...a } = first;
    const { timings: _b, ...b } = again;
    expect(b).toEqual(a);
    // A different option is a different question.
    expect((await p.recall(QUESTION, { limit: 1 })).timings.cache_hit).toBeUndefined();
  });

  it('gives every caller its own copy: mutating one result never changes the next', async () => {
    const p = handles[0].profile('p');
    await p.recall(QUESTION);
    const hit = await p.recall(QUESTION);
    hit.memories.length = 0;
    hit.answer = 'tampered';
    const next = await p.recall(QUESTION);
    expect(next.memories.length).toBeGreaterThan(0);
    expect(next.answer).not.toBe('tampered');
  });

  it('recomputes after any write through this handle', async () => {
    const p = handles[0].profile('p');
    expect(contents(await p.recall(QUESTION))).not.toContain('The billing service moved to CockroachDB as its database.');
    await p.remember({ content: 'The billing service moved to CockroachDB as its database.' });
    const after = await p.recall(QUESTION);
    expect(after.timings.cache_hit).toBeUndefined();
    expect(contents(after)).toContain('The billing service moved to CockroachDB as its database.');
  });

  it('recomputes after a write by another connection to the same data directory', async () => {
    const p = handles[0].profile('p');
    await p.recall(QUESTION);
    expect((await p.recall(QUESTION)).timings.cache_hit).toBeDefined();
    await open().profile('p').forget((await p.recall(QUESTION)).memories[0].id, { reason: 'wrong' });
    const after = await p.recall(QUESTION);
    expect(after.timings.cache_hit).toBeUndefined();
    expect(contents(after)).not.toContain('The billing service uses PostgreSQL as its database.');
  });

  it('expires a result after recallCacheMs even when nothing was written', async () => {
    // Long enough that a loaded machine still answers the repeat inside it, once the handle is warm.
    const ttlMs = 2500;
    const p = open(ttlMs).profile('p');
    await p.recall('where does the search cluster run?');
    await p.recall(QUESTION);
    expect((await p.recall(QUESTION)).timings.cache_hit).toBeDefined();
    await new Promise((r) => setTimeout(r, ttlMs + 100));
    expect((await p.recall(QUESTION)).timings.cache_hit).toBeUndefined();
  });

  it('never reuses a result with recallCacheMs 0, and rejects a bad value', async () => {
    const p = open(0).profile('p');
    await p.recall(QUESTION);
    expect((await p.recall(QUESTION)).timings.cache_hit).toBeUndefined();
    expect(() => open(-1)).toThrow(/recallCacheMs/);
  });

  it('serves a reused result over HTTP as the same JSON document', async () => {
    const server = await startHttpServer({ mnemo: handles[0], port: 0, logger: false, webhooks: false });
    try {
      const ask = async () => {
        const res = await fetch(`${server.url}/v1/profiles/p/recall`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUESTION }) });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        return (await res.json()) as RecallResult;
      };
      const { timings: t1, ...first } = await ask();
      const { timings: t2, ...again } = await ask();
      expect(t1.cache_hit).toBeUndefined();
      expect(t2.cache_hit).toBeDefined();
      expect(again).toEqual(first);
    } finally {
      await server.close();
    }
  });
});
