import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../src/http/index.js';
import { openMemory } from '../src/index.js';
import { runCli } from './fixtures/cli/run-cli.js';
import { type FakeOpenAI, startFakeOpenAI } from './support/fake-openai-server.js';

let server: FakeOpenAI;
const root = mkdtempSync(path.join(tmpdir(), 'mnemo-llm-e2e-'));
const extraction = {
  memories: [
    { type: 'fact', content: 'The main database is PostgreSQL 16.', topicKey: 'project.database', eventTime: null, lines: [1], questions: ['Which database?', 'What version of PostgreSQL?', 'What is the main database?'], importance: 0.8 },
  ],
};

beforeAll(async () => {
  server = await startFakeOpenAI({ apiKey: 'k-test', models: ['fake-model'] });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const llmEnv = () => ({ MNEMO_LLM_PROVIDER: 'openai-compatible', MNEMO_LLM_BASE_URL: server.url, MNEMO_LLM_MODEL: 'fake-model', MNEMO_LLM_API_KEY: 'k-test' });

describe('a configured model, end to end over the wire', () => {
  it('the CLI extracts through the model server configured by env vars', async () => {
    server.setHandler(() => ({ json: extraction }));
    const file = path.join(root, 'chat.jsonl');
    writeFileSync(file, '{"role":"user","content":"Our main database is PostgreSQL 16.","sessionId":"s1"}\n{"role":"assistant","content":"Noted."}\n');
    const before = server.requests.length;
    const res = await runCli(['ingest', file, '--wait', '--json', '--profile', 'cli-llm'], { dataDir: path.join(root, 'cli'), env: llmEnv() });
    expect(res.code).toBe(0);
    expect(server.requests.length).toBeGreaterThan(before);
    const list = (await runCli(['list', '--json', '--profile', 'cli-llm'], { dataDir: path.join(root, 'cli'), env: llmEnv() })).json();
    expect(list.items.map((m: { content: string }) => m.content)).toContain('The main database is PostgreSQL 16.');
  });

  it('doctor names the problem: missing key, unreachable URL, and passes a good configuration', async () => {
    const missing = await runCli(['doctor'], { env: { MNEMO_LLM_PROVIDER: 'openai', MNEMO_LLM_MODEL: 'gpt-4o-mini', MNEMO_LLM_API_KEY: '', OPENAI_API_KEY: '' } });
    expect(missing.code).toBe(5);
    expect(missing.stdout + missing.stderr).toMatch(/no API key/i);
    const unreachable = await runCli(['doctor'], { env: { ...llmEnv(), MNEMO_LLM_BASE_URL: 'http://127.0.0.1:9/v1' } });
    expect(unreachable.code).toBe(5);
    expect(unreachable.stdout + unreachable.stderr).toMatch(/cannot reach/i);
    server.setHandler(() => ({ json: { ok: true } }));
    const good = await runCli(['doctor'], { env: llmEnv() });
    expect(good.code).toBe(0);
  });

  it('the HTTP server ingests through the model and answers recall from the extracted memory', async () => {
    server.setHandler((req) => (req.text.includes('transcript') || req.text.includes('L1') ? { json: extraction } : { json: {} }));
    const mnemo = openMemory({
      dataDir: path.join(root, 'http'),
      embedder: false,
      llm: { provider: 'openai-compatible', baseURL: server.url, apiKey: 'k-test', model: 'fake-model', maxRetries: 0 },
    });
    const http = await startHttpServer({ mnemo, port: 0, logger: false });
    const post = (p: string, body: unknown) => fetch(`${http.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ingest = await post('/v1/profiles/web/ingest', { messages: [{ role: 'user', content: 'Our main database is PostgreSQL 16.' }], sessionId: 's1', wait: true });
    expect(ingest.status).toBe(200);
    const list = (await (await fetch(`${http.url}/v1/profiles/web/memories`)).json()) as { items: { content: string }[] };
    expect(list.items.map((m: { content: string }) => m.content)).toContain('The main database is PostgreSQL 16.');
    await http.close();
    await mnemo.close();
  });
});
