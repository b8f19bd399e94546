import type { ChannelHit, RecallChannel } from '../api.js';
import type { Memory, StoredMessage } from '../types.js';

/** Where a channel's hits come from; the extra sources report as `vector` / `messages` / `fulltext`. */
export type ChannelSource = RecallChannel | 'message_vector' | 'message_expansion' | 'memory_expansion' | 'entity_mention' | FeedbackSource;
/** Second-pass searches from pseudo-relevance feedback (src/recall/feedback-channel.ts). */
export type FeedbackSource = 'message_feedback' | 'message_feedback_vector';

/** One channel's ranked output, before fusion. */
export interface ChannelResult {
  channel: RecallChannel;
  /** Weight and normalization key when it differs from `channel`. */
  source?: ChannelSource;
  hits: ChannelItem[];
}

export type ChannelItem =
  | { kind: 'memory'; id: string; score: number; memory?: Memory }
  | { kind: 'message'; id: string; score: number; message?: StoredMessage };

/** A fused candidate: a memory or a raw message with every channel that found it. */
export interface Candidate {
  kind: 'memory' | 'message';
  id: string;
  memory?: Memory;
  message?: StoredMessage;
  hits: ChannelHit[];
  /** Final score: own channels plus what provenance and neighbouring turns pass on. */
  score: number;
  /** Score from the candidate's own channel hits only. */
  own: number;
}

export function candidateKey(kind: 'memory' | 'message', id: string): string {
  return `${kind}:${id}`;
}

/** The time the candidate refers to: an event's time, else the source message's time. */
export function candidateTime(c: Candidate): string | null {
  if (c.memory) return c.memory.eventTime ?? c.memory.createdAt;
  return c.message?.timestamp ?? c.message?.createdAt ?? null;
}
