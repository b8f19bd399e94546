/** Prompt-cache affinity: one stable key per profile on every model call (fake OpenAI server on loopback). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { AFFINITY_HEADER } from '../src/models/llm/cache-affinity.js';
import { type FakeOpenAI, startFakeOpenAI } from './support/fake-openai-server.js';

let server: FakeOpenAI;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startFakeOpenAI({ apiKey: 'test-key' });
  server.setHandler(() => ({
    json: { memories: [{ type: 'fact', content: 'The database is Postgres 16.', topicKey: 'project.database', eventTime: null, lines: [1], questions: ['Which database?', 'What database is used?', 'Which Postgres version?'], importance: 0.7 }] },
  }));
});
afterAll(async () => {
  await server.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function open(provider: 'openai' | 'openai-compatible') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mnemo-affinity-'));
  dirs.push(dataDir);
  return openMemory({
    dataDir,
    embedder: false,
    worker: { background: false },
    llm: { provider, baseURL: server.url, apiKey: 'test-key', model: 'fake-model', maxRetries: 0, timeoutMs: 5_000 },
  });
}

const turn = (content: string) => [{ role: 'user' as const, content, timestamp: '2026-04-15T10:00:00Z' }];

async function extractionCalls(provider: 'openai' | 'openai-compatible', profiles: string[]) {
  const mem = open(provider);
  const from = server.requests.length;
  const byProfile = new Map<string, number[]>();
  for (const name of profiles) {
    for (const text of ['The database is Postgres 16 now.', 'We deploy on Fridays only.']) {
      const before = server.requests.length;
      await mem.profile(name).ingest(turn(text), { sessionId: 's1', wait: true });
      byProfile.set(name, [...(byProfile.get(name) ?? []), ...range(before, server.requests.length)]);
    }
  }
  await mem.close();
  expect(server.requests.length).toBeGreaterThan(from);
  return byProfile;
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('prompt-cache affinity', () => {
  it('OpenAI: every extraction call of a profile carries the same prompt_cache_key, distinct per profile', async () => {
    const calls = await extractionCalls('openai', ['alpha', 'beta']);
    const keysOf = (name: string) => new Set(calls.get(name)!.map((i) => server.requests[i].body.prompt_cache_key));
    expect(calls.get('alpha')!.length).toBeGreaterThanOrEqual(2);
    const alpha = keysOf('alpha');
    const beta = keysOf('beta');
    expect(alpha.size).toBe(1);
    expect(beta.size).toBe(1);
    const [a] = alpha;
    const [b] = beta;
    expect(typeof a).toBe('string');
    expect(a).not.toBe(b);
    expect(String(a)).not.toContain('alpha');
  });

  it('OpenAI-compatible: the same key travels as a session-affinity header, stable across restarts', async () => {
    const first = await extractionCalls('openai-compatible', ['gamma']);
    const second = await extractionCalls('openai-compatible', ['gamma']);
    const headers = [...first.get('gamma')!, ...second.get('gamma')!].map((i) => server.requests[i].headers[AFFINITY_HEADER]);
    expect(headers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(headers).size).toBe(1);
    expect(headers[0]).toMatch(/^mnemo-[0-9a-f]{24}$/);
    // nothing unknown is added to the body of a server that may validate it strictly
    expect(server.requests[first.get('gamma')![0]].body.prompt_cache_key).toBeUndefined();
  });

  it('recall calls of a profile carry the key too', async () => {
    const mem = open('openai');
    const p = mem.profile('delta');
    await p.ingest(turn('The database is Postgres 16 now.'), { sessionId: 's1', wait: true });
    const ingestKey = server.requests[server.requests.length - 1].body.prompt_cache_key;
    const before = server.requests.length;
    await p.recall('which database do we use?');
    const recallCalls = server.requests.slice(before);
    expect(recallCalls.length).toBeGreaterThan(0);
    expect(recallCalls.every((r) => r.body.prompt_cache_key === ingestKey)).toBe(true);
    await mem.close();
  });
});
