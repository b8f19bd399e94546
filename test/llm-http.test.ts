import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MnemoError } from '../src/errors.js';
import { messageId } from '../src/ids.js';
import { createLlmExtractor } from '../src/ingest/llm/llm-extractor.js';
import { createLanguageModels } from '../src/models/llm/create-models.js';
import { doctor } from '../src/models/llm/doctor.js';
import { UsageCounter } from '../src/models/llm/usage.js';
import type { StoredMessage } from '../src/types.js';
import { startFakeOpenAI, type FakeChatRequest, type FakeOpenAI } from './support/fake-openai-server.js';

const messages: StoredMessage[] = ['I moved to Lisbon last month.', 'How do you like it?', 'My cat Miso loves the balcony.'].map(
  (content, i) => ({
    id: messageId('s1', i % 2 ? 'assistant' : 'user', content),
    sessionId: 's1',
    role: i % 2 ? 'assistant' : 'user',
    content,
    timestamp: '2024-03-10T09:00:00.000Z',
    metadata: null,
    seq: i + 1,
    createdAt: '2024-03-10T09:00:00.000Z',
  }),
);

/** Answers with one fact per user line, like a well-behaved small model. */
function plausible(req: FakeChatRequest) {
  const lines = [...req.text.matchAll(/^L(\d+) \[[^\]]+\] user: (.*)$/gm)];
  return {
    json: {
      memories: lines.map((m) => ({
        type: 'fact',
        content: m[2],
        topicKey: `user.fact_${m[1]}`,
        eventTime: null,
        lines: [Number(m[1])],
        questions: ['Where does the user live?', 'What is the cat called?', 'What does the user say?'],
        importance: 0.5,
      })),
    },
  };
}

let server: FakeOpenAI;
beforeEach(async () => {
  server = await startFakeOpenAI({ apiKey: 'test-key', models: ['small-model', 'big-model'], handler: plausible });
});
afterEach(async () => server.close());

const config = (extra: Record<string, unknown> = {}) => ({
  provider: 'openai-compatible' as const,
  model: 'small-model',
  baseURL: server.url,
  apiKey: 'test-key',
  ...extra,
});

function extractor(extra: { maxRetries?: number; timeoutMs?: number } = {}, usage?: UsageCounter) {
  const { structured } = createLanguageModels(config());
  return createLlmExtractor({ model: structured, maxRetries: extra.maxRetries ?? 0, timeoutMs: extra.timeoutMs, usage });
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

describe('LLM extractor over the OpenAI wire format', () => {
  it('extracts end-to-end through @ai-sdk/openai-compatible and counts tokens', async () => {
    const usage = new UsageCounter();
    const out = await extractor({}, usage).extract({ messages, existingTopicKeys: [] });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    expect(server.requests[0]!.text).toContain('L1 [2024-03-10 Sun] user: I moved to Lisbon last month (2024-02).');
    expect(out.memories.map((m) => m.sourceMessageIds)).toEqual([[messages[0]!.id], [messages[2]!.id]]);
    expect(out.usage).toEqual({ calls: 1, inputTokens: server.tokens.prompt, outputTokens: server.tokens.completion });
    expect(usage.snapshot().byStage['extract.full']!.calls).toBe(1);
  });

  it('prints no SDK warning per call when the server has no structured outputs, and still checks the schema', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      // The first answer breaks the schema (no "memories"): the call is retried once, then succeeds.
      server.script({ json: { facts: [] } });
      const out = await extractor().extract({ messages, existingTopicKeys: [] });
      expect(out.memories).toHaveLength(2);
      expect(server.requests).toHaveLength(2);
      expect(server.requests.every((r) => (r.body.response_format as { type: string }).type === 'json_object')).toBe(true);
      expect([...warn.mock.calls, ...info.mock.calls].flat().join('\n')).not.toMatch(/AI SDK/);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('sends the JSON schema to a server configured with structured outputs', async () => {
    const { structured } = createLanguageModels(config({ structuredOutputs: true }));
    await createLlmExtractor({ model: structured, maxRetries: 0 }).extract({ messages, existingTopicKeys: [] });
    expect(server.requests[0]!.body.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('repairs malformed JSON from the server', async () => {
    server.script({ content: '```json\n{"memories":[{"type":"fact","content":"The user lives in Lisbon.","topicKey":"user.city","eventTime":null,"lines":[1],"questions":[],"importance":0.7,},]}\n```' });
    const out = await extractor().extract({ messages, existingTopicKeys: ['user.city'] });
    expect(out.memories.map((m) => m.topicKey)).toEqual(['user.city']);
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces Retry-After of a 429 as details.retryAfterMs', async () => {
    server.script({ status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'Rate limit reached' } } });
    const error = await extractor().extract({ messages, existingTopicKeys: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MnemoError);
    expect(error).toMatchObject({ code: 'model_error', details: { reason: 'rate_limited', status: 429, retryAfterMs: 7000 } });
  });

  it('waits out a short Retry-After and succeeds when transport retries are allowed', async () => {
    server.script({ status: 429, headers: { 'retry-after-ms': '50' } });
    const out = await extractor({ maxRetries: 1 }).extract({ messages, existingTopicKeys: [] });
    expect(server.requests).toHaveLength(2);
    expect(out.memories).toHaveLength(2);
  });

  it('times out a slow server through the abort signal', async () => {
    // The server would answer (successfully) long after the timeout; the bound is loose for a loaded machine.
    server.script({ delayMs: 30_000, json: { memories: [] } });
    const started = Date.now();
    const error = await extractor({ timeoutMs: 200 }).extract({ messages, existingTopicKeys: [] }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(error).toMatchObject({ code: 'model_error', details: { reason: 'timeout' } });
  });

  it('reports a 500 as a server error, and unreachable servers', async () => {
    server.script({ status: 500, body: { error: { message: 'boom' } } });
    await expect(extractor().extract({ messages, existingTopicKeys: [] })).rejects.toMatchObject({
      code: 'model_error',
      details: { reason: 'server_error', status: 500 },
    });
    const port = await closedPort();
    const { structured } = createLanguageModels({ ...config(), baseURL: `http://127.0.0.1:${port}/v1` });
    await expect(createLlmExtractor({ model: structured, maxRetries: 0 }).extract({ messages, existingTopicKeys: [] })).rejects.toMatchObject({
      code: 'model_error',
      details: { reason: 'unreachable' },
    });
  });
});

describe('doctor', () => {
  it('passes every check for a good configuration', async () => {
    server.script({ json: { ok: true } });
    const checks = await doctor(config({ synthesisModel: 'big-model' }));
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['config', true],
      ['api_key', true],
      ['reachable', true],
      ['auth', true],
      ['model', true],
      ['structured_call', true],
    ]);
    expect(checks.at(-1)!.message).toMatch(/^a structured call to small-model works \(\d+ ms, \d+ tokens\)$/);
  });

  it('explains a missing key', async () => {
    const checks = await doctor({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(checks.at(-1)).toEqual({ name: 'api_key', ok: false, message: 'no API key for provider openai', fix: 'set MNEMO_LLM_API_KEY or OPENAI_API_KEY' });
  });

  it('explains an unreachable URL', async () => {
    const port = await closedPort();
    const checks = await doctor(config({ baseURL: `http://127.0.0.1:${port}/v1` }));
    expect(checks.at(-1)).toEqual({
      name: 'reachable',
      ok: false,
      message: `cannot reach http://127.0.0.1:${port}/v1 (ECONNREFUSED: connection refused)`,
      fix: 'start the server or correct MNEMO_LLM_BASE_URL',
    });
  });

  it('explains a rejected key and a wrong model name', async () => {
    const bad = await doctor(config({ apiKey: 'wrong' }));
    expect(bad.at(-1)).toMatchObject({ name: 'auth', ok: false, message: `${server.url} rejected the API key (HTTP 401)` });
    const wrong = await doctor(config({ model: 'smal-model' }));
    expect(wrong.at(-1)).toMatchObject({
      name: 'model',
      ok: false,
      message: `model "smal-model" not served by ${server.url}; available: small-model, big-model`,
    });
  });

  it('reports a model that does not answer with JSON', async () => {
    server.script({ content: 'hello there' }, { content: 'still no json' });
    const checks = await doctor(config());
    expect(checks.at(-1)).toMatchObject({ name: 'structured_call', ok: false });
    expect(checks.at(-1)!.message).toMatch(/not with valid JSON/);
  });
});
