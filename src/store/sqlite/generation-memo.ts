import type { Connection } from './connection.js';

/** Answers held at most; past this the memo starts over. */
const MAX_KEYS = 10_000;

/**
 * Answers to counting queries a recall asks every time (how many messages; how many mentions a
 * name has, up to a cap), which at a million rows cost milliseconds each and change only when
 * something is committed: held until the connection's write generation moves (any commit, by
 * any connection).
 */
export class GenerationMemo {
  private generation: string | null = null;
  private readonly values = new Map<string, number>();

  get(conn: Connection, key: string, compute: () => number): number {
    const generation = conn.writeGeneration();
    if (generation !== this.generation || this.values.size >= MAX_KEYS) {
      this.values.clear();
      this.generation = generation;
    }
    let value = this.values.get(key);
    if (value === undefined) this.values.set(key, (value = compute()));
    return value;
  }

  /** A write from `before` to `after` changed none of the answers held: they stand. */
  carry(before: string, after: string): void {
    if (this.generation === before) this.generation = after;
  }
}
