/** One generated statement before it becomes a memory: the text, its type, key and question forms. */
import type { MemoryType } from '../../types.js';
import type { Rng } from './prng.js';

export interface Draft {
  type: MemoryType;
  content: string;
  topicKey: string | null;
  /** 3 question forms; the first is the one recall queries are drawn from. */
  queries: string[];
  /** YYYY-MM-DD for events. */
  eventDay: string | null;
  tags: string[];
  /** A first-person phrasing for conversation messages. */
  spoken: string;
}

/** `day`: days since 2023-01-01 at which the statement is made. */
export type Template = (rng: Rng, day: number) => Draft;
