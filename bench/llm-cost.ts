/**
 * Cost of the LLM extraction pipeline on LoCoMo dev, measured against a local fake OpenAI server
 * (no paid API): model calls and tokens per 100 messages, and calls per 2K characters.
 *
 *   npx tsx bench/llm-cost.ts --data ../shared/bench/locomo-dev.json [--batch session|conversation]
 *
 * Tokens are estimated by the fake server as characters / 4 for prompt and completion.
 */
import { readFileSync } from 'node:fs';
import { benchArgs } from '../src/bench/bench-args.js';
import { messageId } from '../src/ids.js';
import { createLlmExtractor } from '../src/ingest/llm/llm-extractor.js';
import { createLanguageModels } from '../src/models/llm/create-models.js';
import { UsageCounter } from '../src/models/llm/usage.js';
import type { StoredMessage } from '../src/types.js';
import { startFakeOpenAI, type FakeChatRequest } from '../test/support/fake-openai-server.js';

interface Turn { speaker: string; text: string; dia_id: string; blip_caption?: string }
interface Conversation { sample_id: string; conversation: Record<string, unknown> & { speaker_a: string } }

const args = benchArgs('bench/llm-cost', 'npx tsx bench/llm-cost.ts --data ../shared/bench/locomo-dev.json [--batch session|conversation]', {
  data: { type: 'string' }, batch: { type: 'string', default: 'session' },
});
const { values } = args;
const dataFile = values.data ?? args.fail('--data FILE is required');
if (values.batch !== 'session' && values.batch !== 'conversation') args.fail(`--batch must be session or conversation; got ${JSON.stringify(values.batch)}`);
const conversations = JSON.parse(readFileSync(dataFile, 'utf8')) as Conversation[];

/** Plausible small output: one fact per third user line, citing it. */
function plausible(req: FakeChatRequest) {
  const lines = [...req.text.matchAll(/^L(\d+) \[[^\]]+\] \w+: ([^:]+): (.{0,80})/gm)].filter((_, i) => i % 3 === 0);
  return {
    json: {
      memories: lines.map((m) => ({
        type: 'fact',
        content: `${m[2]} said: ${m[3]}`,
        topicKey: `${m[2]!.toLowerCase()}.note_${m[1]}`,
        eventTime: null,
        lines: [Number(m[1])],
        questions: [`What did ${m[2]} say?`, `What does ${m[2]} think?`, `What happened to ${m[2]}?`],
        importance: 0.5,
      })),
    },
  };
}

function sessions(c: Conversation): StoredMessage[][] {
  const conv = c.conversation;
  const out: StoredMessage[][] = [];
  for (const key of Object.keys(conv).filter((k) => /^session_\d+$/.test(k))) {
    const turns = conv[key] as Turn[];
    const timestamp = parseLocomoDate(String(conv[`${key}_date_time`] ?? ''));
    const sessionId = `${c.sample_id}-${key}`;
    out.push(turns.map((t, i) => {
      const role = t.speaker === conv.speaker_a ? 'user' : 'assistant';
      const content = `${t.speaker}: ${t.text}${t.blip_caption ? ` [shares a photo of ${t.blip_caption}]` : ''}`;
      return { id: messageId(sessionId, role, content), sessionId, role, content, timestamp, metadata: { dia_id: t.dia_id }, seq: i, createdAt: timestamp ?? '' };
    }));
  }
  return out;
}

function parseLocomoDate(text: string): string | null {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})/i.exec(text);
  if (!m) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  const d = new Date(`${m[5]} ${m[4]}, ${m[6]} ${hour}:${m[2]} UTC`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const server = await startFakeOpenAI({ models: ['bench-model'], handler: plausible });
const { structured } = createLanguageModels({ provider: 'openai-compatible', model: 'bench-model', baseURL: server.url });
const usage = new UsageCounter();
const extractor = createLlmExtractor({ model: structured, usage, maxRetries: 0 });
let messages = 0;
let chars = 0;
let memories = 0;
for (const c of conversations) {
  const batches = values.batch === 'conversation' ? [sessions(c).flat()] : sessions(c);
  for (const batch of batches) {
    messages += batch.length;
    chars += batch.reduce((n, m) => n + m.content.length, 0);
    memories += (await extractor.extract({ messages: batch, existingTopicKeys: [] })).memories.length;
  }
}
await server.close();
const u = usage.snapshot();
const per100 = (n: number) => ((n * 100) / messages).toFixed(1);
console.log(`LoCoMo dev: ${conversations.length} conversations, ${messages} messages, ${chars} characters, batch = ${values.batch}`);
console.log(`calls: ${u.calls} (full ${u.byStage['extract.full']?.calls ?? 0}, detail ${u.byStage['extract.detail']?.calls ?? 0}, combined ${u.byStage['extract.combined']?.calls ?? 0}), memories: ${memories}`);
console.log(`per 100 messages: ${per100(u.calls)} calls, ${per100(u.inputTokens)} input tokens, ${per100(u.outputTokens)} output tokens`);
console.log(`calls per 2K characters: ${((u.calls * 2000) / chars).toFixed(3)} (target ≤ 1)`);
