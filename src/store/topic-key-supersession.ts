import type { Memory } from '../types.js';

/** The memory types one topic key holds a single active memory of. */
export const KEYED_TYPES: ReadonlySet<string> = new Set(['fact', 'instruction']);

export interface TopicKeyOutcome {
  /** Active memories under the key that the incoming one supersedes. */
  replaces: string[];
  /** The newer active memory that supersedes the incoming one, if any. */
  newerId: string | null;
}

/**
 * Topic-key supersession for an active fact or instruction. `activesUnderKey` lists the active
 * facts and instructions under the memory's key, newest first (it is called only when the rule
 * applies). When one is newer (later createdAt), the incoming memory arrives superseded by it
 * (mutates `memory`); otherwise it replaces every one of them.
 */
export function supersedeByTopicKey(
  memory: Memory,
  activesUnderKey: (topicKey: string) => readonly { id: string; createdAt: string }[],
): TopicKeyOutcome {
  if (memory.status !== 'active' || !memory.topicKey || !KEYED_TYPES.has(memory.type)) return { replaces: [], newerId: null };
  const under = activesUnderKey(memory.topicKey);
  const newer = under.find((a) => a.createdAt > memory.createdAt);
  if (newer) {
    memory.status = 'superseded';
    memory.supersededBy = newer.id;
    return { replaces: [], newerId: newer.id };
  }
  return { replaces: under.map((a) => a.id), newerId: null };
}
