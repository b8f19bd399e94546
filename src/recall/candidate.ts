import type { ChannelHit, RecallChannel } from '../api.js';
import type { Memory, StoredMessage } from '../types.js';

/** One channel's ranked output, before fusion. */
export interface ChannelResult {
  channel: RecallChannel;
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
  score: number;
}

export function candidateKey(kind: 'memory' | 'message', id: string): string {
  return `${kind}:${id}`;
}

/** The time the candidate refers to: an event's time, else the source message's time. */
export function candidateTime(c: Candidate): string | null {
  if (c.memory) return c.memory.eventTime ?? c.memory.createdAt;
  return c.message?.timestamp ?? c.message?.createdAt ?? null;
}
