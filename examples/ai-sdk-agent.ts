/**
 * An AI SDK agent with long-term memory: `memoryTools` gives the model recall, remember and
 * forget, scoped to one user by the application. Runs offline: the "model" is the scripted
 * OpenAI-compatible server the tests use, so no API key or network is needed. Swap `model` for
 * any AI SDK model (openai('gpt-4.1-mini'), anthropic(...), an Ollama endpoint) to use a real one.
 *
 * Run: npx tsx examples/ai-sdk-agent.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs } from 'ai';
import { memoryTools } from '../src/adapters/ai-sdk.js';
import { openMemory } from '../src/index.js';
import { type FakeChatRequest, type FakeReply, startFakeOpenAI } from '../test/support/fake-openai-server.js';

/** The scripted model: calls a memory tool when the user asks, then answers from the tool's result. */
function scriptedModel(req: FakeChatRequest): FakeReply {
  const last = req.messages[req.messages.length - 1];
  const user = [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  if (last.role === 'tool') {
    const result = JSON.parse(last.content) as { answer?: string | null; memories?: { content: string }[]; stored?: string };
    if (result.stored) return { content: `Noted: "${result.stored}"` };
    return { content: result.memories?.length ? `From memory: ${result.memories[0].content}` : 'I do not know yet.' };
  }
  if (/remember/i.test(user)) {
    return { toolCalls: [{ name: 'remember', arguments: { content: 'The user deploys with Fly.io.', type: 'fact', topicKey: 'user.deploy_platform' } }] };
  }
  return { toolCalls: [{ name: 'recall', arguments: { query: user } }] };
}

const fake = await startFakeOpenAI({ handler: scriptedModel });
const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-ai-sdk-'));
const memory = openMemory({ dataDir, embedder: { kind: 'hashing' } });
try {
  const model = createOpenAICompatible({ name: 'scripted', baseURL: fake.url }).chatModel('fake-model');
  const tools = memoryTools(memory.profile('acme'), { userId: 'alice' });

  for (const prompt of ['Please remember that I deploy with Fly.io.', 'Where do I deploy my apps?']) {
    const { text, steps } = await generateText({ model, tools, stopWhen: stepCountIs(4), prompt });
    const calls = steps.flatMap((s) => s.toolCalls.map((c) => c.toolName));
    console.log(`user: ${prompt}\nagent (${calls.join(', ') || 'no tools'}): ${text}\n`);
  }

  const stored = await memory.profile('acme').list({ userId: 'alice' });
  console.log(`alice has ${stored.items.length} memory: ${stored.items.map((m) => m.content).join('; ')}`);
} finally {
  await memory.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
