import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { type FakeOpenAI, startFakeOpenAI } from './support/fake-openai-server.js';

let server: FakeOpenAI;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startFakeOpenAI({ apiKey: 'test-key' });
});
afterAll(async () => {
  await server.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function open() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mnemo-llm-'));
  dirs.push(dataDir);
  return openMemory({
    dataDir,
    embedder: false,
    worker: { background: false },
    llm: { provider: 'openai-compatible', baseURL: server.url, apiKey: 'test-key', model: 'fake-model', maxRetries: 0, timeoutMs: 5_000 },
  });
}

const conversation = [
  { role: 'user' as const, content: 'We moved the API to Fastify last week.', timestamp: '2026-04-15T10:00:00Z' },
  { role: 'assistant' as const, content: 'Noted. Anything else about the stack?', timestamp: '2026-04-15T10:00:30Z' },
  { role: 'user' as const, content: 'Yes: the database is Postgres 16 now.', timestamp: '2026-04-15T10:01:00Z' },
];

describe('openMemory with a model (OpenAI-compatible server on loopback)', () => {
  it('extracts memories through the model, with provenance to the transcript lines', async () => {
    server.setHandler(() => ({
      json: {
        memories: [
          { type: 'fact', content: 'The API runs on Fastify.', topicKey: 'project.api_framework', eventTime: null, lines: [1], questions: ['What framework does the API use?', 'Which web framework?', 'What is the API built on?'], importance: 0.7 },
          { type: 'fact', content: 'The database is Postgres 16.', topicKey: 'project.database', eventTime: null, lines: [3], questions: ['Which database?', 'What version of Postgres?', 'What database does the project use?'], importance: 0.8 },
        ],
      },
    }));
    const mem = open();
    const p = mem.profile('llm');
    const res = await p.ingest(conversation, { sessionId: 's1', wait: true });
    const byContent = new Map(res.memories!.map((m) => [m.content, m]));
    expect(byContent.get('The database is Postgres 16.')?.sourceMessageIds).toEqual([res.messageIds[2]]);
    expect(byContent.get('The API runs on Fastify.')?.topicKey).toBe('project.api_framework');
    expect(server.requests.length).toBeGreaterThan(0);
    await mem.close();
  });

  it('keeps raw messages and a retryable job when the model is rate limited', async () => {
    server.setHandler(() => ({ status: 429, headers: { 'retry-after': '30' }, body: { error: { message: 'Rate limit reached' } } }));
    const mem = open();
    const p = mem.profile('limited');
    const res = await p.ingest(conversation, { sessionId: 's1' });
    await p.drain();
    const job = await p.job(res.jobId!);
    expect(job.status).toBe('pending');
    expect(job.lastError).toMatch(/rate|429/i);
    expect(new Date(job.runAt).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await p.stats()).messages).toBe(3);
    const r = await p.recall('which database do we use');
    expect(r.messages.some((m) => m.content.includes('Postgres 16'))).toBe(true);
    await mem.close();
  });
});
