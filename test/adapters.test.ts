/** `mnemo/ai-sdk` tools and the LangChain.js retriever: in-process, over the HTTP client, and the offline example. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { memoryTools } from '../src/adapters/ai-sdk.js';
import { MnemoRetriever } from '../src/adapters/langchain.js';
import { createClient } from '../src/client/index.js';
import { openMemory } from '../src/index.js';
import { startFakeOpenAI, type FakeOpenAI } from './support/fake-openai-server.js';
import { startFixture } from './support/http-fixture.js';

const root = fileURLToPath(new URL('..', import.meta.url));
let dir: string;
let memory: MnemoApi;
let fake: FakeOpenAI;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mnemo-adapters-'));
  memory = openMemory({ dataDir: dir, embedder: { kind: 'hashing' } });
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await memory.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = { toolCallId: 't', messages: [] };

describe('memoryTools (AI SDK)', () => {
  it('lets a model remember and recall through tool calls, inside the application-chosen scope', async () => {
    const model = createOpenAICompatible({ name: 'fake', baseURL: fake.url }).chatModel('fake-model');
    fake.script(
      { toolCalls: [{ name: 'remember', arguments: { content: 'The user is allergic to peanuts.', type: 'fact', topicKey: 'user.allergy' } }] },
      { content: 'Saved.' },
    );
    const alice = memoryTools(memory.profile('shop'), { userId: 'alice' });
    const res = await generateText({ model, tools: alice, stopWhen: stepCountIs(3), prompt: 'Remember that I am allergic to peanuts.' });
    expect(res.text).toBe('Saved.');
    const toolMessage = fake.requests[1].messages.find((m) => m.role === 'tool');
    expect(JSON.parse(toolMessage!.content)).toMatchObject({ stored: 'The user is allergic to peanuts.', created: true });
    const [stored] = (await memory.profile('shop').list({ userId: 'alice' })).items;
    expect(stored).toMatchObject({ content: 'The user is allergic to peanuts.', userId: 'alice', topicKey: 'user.allergy' });
    // The tools advertise what they do to the model.
    const request = fake.requests[0].body.tools as { function: { name: string; description: string } }[];
    expect(request.map((t) => t.function.name).sort()).toEqual(['forget', 'recall', 'remember']);
    expect(request.every((t) => t.function.description.length > 80)).toBe(true);

    const found = await alice.recall.execute!({ query: 'what is the user allergic to?' }, call) as { memories: { content: string }[] };
    expect(found.memories[0].content).toBe('The user is allergic to peanuts.');
    const bob = memoryTools(memory.profile('shop'), { userId: 'bob' });
    const none = await bob.recall.execute!({ query: 'what is the user allergic to?' }, call) as { memories: unknown[]; answer: string | null };
    expect(none.memories).toEqual([]);
    // Bob's tools cannot forget Alice's memory.
    expect(await bob.forget.execute!({ id: stored.id }, call)).toMatchObject({ forgotten: false });
    expect((await memory.profile('shop').get(stored.id)).status).toBe('active');
    expect(await alice.forget.execute!({ id: stored.id }, call)).toMatchObject({ forgotten: true });
  });

  it('works the same over the HTTP client', async () => {
    const fx = await startFixture({ webhooks: false });
    try {
      const remote = memoryTools(createClient({ baseUrl: fx.url }).profile('remote'), { agentId: 'planner' });
      await remote.remember.execute!({ content: 'Standups are at 9:30 on weekdays.', type: 'fact' }, call);
      const r = await remote.recall.execute!({ query: 'when are standups?' }, call) as { memories: { content: string }[] };
      expect(r.memories[0].content).toBe('Standups are at 9:30 on weekdays.');
      expect((await fx.mnemo.profile('remote').list({ agentId: 'planner' })).items).toHaveLength(1);
    } finally {
      await fx.close();
    }
  });

  it('runs the offline example end to end', () => {
    const out = spawnSync('npx', ['tsx', 'examples/ai-sdk-agent.ts'], { cwd: root, encoding: 'utf8', timeout: 150_000 });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain('agent (remember): Noted: "The user deploys with Fly.io."');
    expect(out.stdout).toContain('agent (recall): From memory: The user deploys with Fly.io.');
  });
});

describe('MnemoRetriever (LangChain.js)', () => {
  it('returns recalled memories as Documents, scoped and filtered', async () => {
    const p = memory.profile('docs');
    await p.remember({ content: 'The staging database is Postgres 15 on host db-stage.', type: 'fact', userId: 'ops', metadata: { env: 'staging' } });
    await p.remember({ content: 'The production database is Postgres 16 on host db-prod.', type: 'fact', userId: 'ops', metadata: { env: 'prod' } });
    await p.remember({ content: 'The marketing database is MySQL.', type: 'fact', userId: 'marketing' });
    const retriever = new MnemoRetriever({ profile: p, userId: 'ops', k: 5 });
    const docs = await retriever.invoke('which database runs in staging?');
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((d) => !d.pageContent.includes('MySQL'))).toBe(true);
    expect(docs[0].metadata).toMatchObject({ type: 'fact' });
    const prodOnly = await new MnemoRetriever({ profile: p, userId: 'ops', filter: { 'metadata.env': 'prod' } }).invoke('database host');
    expect(prodOnly.map((d) => d.pageContent)).toEqual(['The production database is Postgres 16 on host db-prod.']);
    expect(prodOnly[0].metadata).toMatchObject({ env: 'prod', id: prodOnly[0].id });
  });
});
