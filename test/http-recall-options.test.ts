import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi, RecallResult } from '../src/api.js';
import { startHttpServer, type RunningHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/index.js';

// Recall over HTTP with a recall thread: options the route's parse filled in are taken as the
// defaults on the main thread and again on the thread, so these check that nothing else is.
let dir: string;
let mnemo: MnemoApi;
let server: RunningHttpServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-http-recall-options-'));
  mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads: 1, recallCacheMs: 0, onWarning: () => {} });
  const p = mnemo.profile('p');
  for (let i = 0; i < 14; i++) await p.remember({ content: `The service s${i} stores its sessions in Redis cluster r${i}.`, sessionId: i % 2 ? 'odd' : 'even' });
  await p.remember({ content: 'The billing service uses PostgreSQL.', sessionId: 'even' });
  await p.drain();
  server = await startHttpServer({ mnemo, port: 0, logger: false, webhooks: false });
});
afterAll(async () => {
  await server.close();
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

const QUESTION = 'Where does service s3 store its sessions?';
const REFERENCE = '2026-03-01T00:00:00Z';
const recall = (body: unknown, profile = 'p') =>
  fetch(`${server.url}/v1/profiles/${profile}/recall`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const content = async (res: Response) => {
  expect(res.status).toBe(200);
  const { timings: _t, ...rest } = (await res.json()) as RecallResult;
  return rest;
};
const error = async (res: Response) => {
  const { code, message } = ((await res.json()) as { error: { code: string; message: string } }).error;
  return [res.status, { code, message }];
};

describe('recall options over HTTP with a recall thread', () => {
  it('answers options spelled as their defaults exactly as no options, and other options as asked', async () => {
    const none = await content(await recall({ query: QUESTION, referenceDate: REFERENCE }));
    expect(none.memories.length).toBe(10);
    const spelled = await content(await recall({ query: QUESTION, referenceDate: REFERENCE, limit: 10, synthesize: true, includeSuperseded: false, tiers: 'auto' }));
    expect(spelled).toEqual(none);
    const fewer = await content(await recall({ query: QUESTION, referenceDate: REFERENCE, limit: 3 }));
    expect(fewer.memories.map((m) => m.id)).toEqual(none.memories.slice(0, 3).map((m) => m.id));
    const bare = await content(await recall({ query: QUESTION, referenceDate: REFERENCE, synthesize: false }));
    expect(bare.answer).toBeNull();
    const odd = await content(await recall({ query: QUESTION, referenceDate: REFERENCE, sessionId: 'odd' }));
    expect(odd.memories.length).toBeGreaterThan(0);
    expect(odd.memories.every((m) => m.sessionId === 'odd')).toBe(true);
  });

  it('still refuses bad options and names them, however close to a default they look', async () => {
    expect(await error(await recall({ query: QUESTION, limit: '10' }))).toEqual([400, { code: 'invalid_input', message: expect.stringMatching(/^invalid request body: limit: /) }]);
    expect(await error(await recall({ query: QUESTION, synthesize: 'true' }))).toEqual([400, { code: 'invalid_input', message: expect.stringMatching(/synthesize/) }]);
    expect(await error(await recall({ query: QUESTION, tiers: 'cold' }))).toEqual([400, { code: 'invalid_input', message: expect.stringMatching(/tiers must be "auto" or "all"/) }]);
    expect(await error(await recall({ query: '  ' }))).toEqual([400, { code: 'invalid_input', message: expect.stringMatching(/query is empty/) }]);
    expect(await error(await recall({ query: QUESTION }, 'Bad..Name'))).toEqual([400, { code: 'invalid_profile', message: expect.stringMatching(/invalid profile name/) }]);
  });

  it('validates a profile name on every call until it is opened, and refuses all once closed', async () => {
    const other = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads: 0, onWarning: () => {} });
    for (let i = 0; i < 2; i++) expect(() => other.profile('Bad Name')).toThrow(/invalid profile name/);
    const p = other.profile('p');
    expect(other.profile('p')).toBe(p);
    await other.close();
    expect(() => other.profile('p')).toThrow(/closed/);
  });
});
