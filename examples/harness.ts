/**
 * A minimal agent harness around mnemo: inject the context block at session start, let the model
 * remember on the spot, and ship the transcript to mnemo when the context is compacted.
 * Run: npx tsx examples/harness.ts
 */
import { openMemory } from '../src/index.js';

type Turn = { role: 'user' | 'assistant'; content: string };

const memory = openMemory({ dataDir: process.env.MNEMO_DATA_DIR ?? '.mnemo' });
const me = memory.profile('harness-demo');

/** Session start: a token-budgeted block of instructions, key facts and recent events. */
async function systemPromptFor(task: string): Promise<string> {
  const block = await me.context({ query: task, maxTokens: 800 });
  return `You are a coding agent.\n\n${block.text}`;
}

/** Compaction: the transcript goes to mnemo; extraction runs in the background. */
async function compact(sessionId: string, transcript: Turn[]): Promise<void> {
  const res = await me.ingest(transcript, { sessionId });
  console.log(`ingested ${res.inserted} new turns (${res.duplicates} already known), job ${res.jobId}`);
}

const session: Turn[] = [
  { role: 'user', content: 'We use pnpm in this repo, never npm.' },
  { role: 'assistant', content: 'Understood, I will use pnpm.' },
  { role: 'user', content: 'Always run the linter before you push.' },
];
await compact('session-1', session);
await me.remember({ content: 'The staging database is Postgres 16 on db-staging-2.' });
await me.drain();

console.log(await systemPromptFor('set up the staging database migration'));
const { answer, memories } = await me.recall('which package manager should I use?');
console.log('\nrecall:', answer, '\nevidence:', memories.slice(0, 3).map((m) => `${m.type}: ${m.content}`));
await memory.close();
