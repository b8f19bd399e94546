/** Recall questions drawn from the generated memories, and fresh conversation turns for ingest. */
import type { MessageInput } from '../../schemas.js';
import { draftAt } from './generator.js';
import { createRng, deriveSeed } from './prng.js';

export interface PerfQuestion {
  query: string;
  /** Index of the memory the question was drawn from. */
  source: number;
}

/** `count` questions over memories [0, size), one question form each, deterministic per seed. */
export function recallQuestions(seed: number, size: number, count: number): PerfQuestion[] {
  const rng = createRng(deriveSeed(seed, -1));
  return Array.from({ length: count }, () => {
    const source = rng.int(size);
    const d = draftAt(seed, source);
    return { query: d.queries[rng.int(d.queries.length)], source };
  });
}

const ACKS = ['Noted.', 'Got it, I will remember that.', 'Thanks, saved.', 'Understood.', 'Okay, I have that down.'];

/**
 * `count` conversation messages (user statements in the first person, short assistant replies),
 * 20 per session, from a stream of drafts disjoint from the profile's own. Every message is new
 * (ids are content-addressed per session): a repeated one would be skipped and flatter the rate.
 */
export function ingestMessages(seed: number, count: number): MessageInput[] {
  const out: MessageInput[] = [];
  const offset = 50_000_000;
  for (let i = 0; out.length < count; i++) {
    const d = draftAt(seed, offset + i);
    const sessionId = `perf-ingest-${seed}-${Math.floor(i / 10)}`;
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    out.push({ role: 'user', content: d.spoken, sessionId, timestamp: at });
    const ack = `${ACKS[createRng(i).int(ACKS.length)]} (note ${(i % 10) + 1})`;
    if (out.length < count) out.push({ role: 'assistant', content: ack, sessionId, timestamp: at });
  }
  return out;
}
