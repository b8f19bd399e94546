/**
 * Deterministic synthetic profile: memory i is generated from (seed, i) alone, so any slice can be
 * produced independently and the same seed always gives the same memories. Mix: 45 % facts,
 * 15 % instructions, 28 % events, 12 % tasks; one user message per two memories (their source).
 */
import { hashId, messageId } from '../../ids.js';
import type { NewMemory, NewMessage } from '../../types.js';
import type { Draft, Template } from './draft.js';
import { FACT_TEMPLATES } from './fact-templates.js';
import { EVENT_TEMPLATES, INSTRUCTION_TEMPLATES, TASK_TEMPLATES } from './other-templates.js';
import { createRng, deriveSeed, type Rng } from './prng.js';

export const MEMORIES_PER_MESSAGE = 2;
export const MEMORIES_PER_SESSION = 50;
/** Memory i is said 90 s after memory i−1, from 2023-01-01: 1M memories span about 2.9 years. */
const STEP_MS = 90_000;
const EPOCH = Date.UTC(2023, 0, 1);

const MIX: [number, Template[]][] = [
  [0.45, FACT_TEMPLATES],
  [0.6, INSTRUCTION_TEMPLATES],
  [0.88, EVENT_TEMPLATES],
  [1, TASK_TEMPLATES],
];

export interface GeneratedBatch {
  memories: NewMemory[];
  messages: NewMessage[];
}

/** The draft behind memory `index` (also used to build recall questions). */
export function draftAt(seed: number, index: number): Draft {
  const rng = createRng(deriveSeed(seed, index));
  return pickTemplate(rng)(rng, Math.floor((index * STEP_MS) / 86_400_000));
}

function pickTemplate(rng: Rng): Template {
  const x = rng.next();
  const group = MIX.find(([upTo]) => x < upTo)![1];
  return rng.pick(group);
}

/** Memories [start, start + count) and the messages they came from. */
export function generateBatch(seed: number, start: number, count: number): GeneratedBatch {
  const memories: NewMemory[] = [];
  const messages: NewMessage[] = [];
  // Align to whole messages so a message and its memories are always in the same batch.
  const first = start - (start % MEMORIES_PER_MESSAGE);
  for (let m = first; m < start + count; m += MEMORIES_PER_MESSAGE) {
    const indexes = Array.from({ length: MEMORIES_PER_MESSAGE }, (_, k) => m + k).filter((i) => i >= start && i < start + count);
    const drafts = Array.from({ length: MEMORIES_PER_MESSAGE }, (_, k) => draftAt(seed, m + k));
    const sessionId = `perf-s${Math.floor(m / MEMORIES_PER_SESSION)}`;
    const at = new Date(EPOCH + m * STEP_MS).toISOString();
    const content = drafts.map((d) => d.spoken).join(' ');
    const msgId = messageId(sessionId, 'user', content);
    if (m >= start) messages.push({ id: msgId, sessionId, role: 'user', content, timestamp: at, metadata: null });
    for (const i of indexes) memories.push(toMemory(seed, i, drafts[i - m], sessionId, msgId));
  }
  return { memories, messages };
}

function toMemory(seed: number, index: number, d: Draft, sessionId: string, sourceId: string): NewMemory {
  const at = new Date(EPOCH + index * STEP_MS).toISOString();
  return {
    id: hashId('perf', String(seed), String(index)),
    type: d.type,
    content: d.content,
    topicKey: d.topicKey,
    eventTime: d.eventDay ? `${d.eventDay}T12:00:00.000Z` : null,
    sessionId,
    sourceMessageIds: [sourceId],
    queries: d.queries,
    tags: d.tags,
    importance: 0.3 + (index % 7) / 10,
    createdAt: at,
    updatedAt: at,
  };
}
