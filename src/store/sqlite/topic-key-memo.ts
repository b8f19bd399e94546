import type { Connection } from './connection.js';

/** Lists held at most (one per prefix and limit asked); past this the memo starts over. */
const MAX_LISTS = 16;

/**
 * The answers of `topicKeys(prefix, limit)` (the first keys of active memories, in key order),
 * which extraction asks before every batch and which cost milliseconds at 100K memories: held
 * until the connection's write generation moves (any commit, by any connection), except across
 * this store's own memory writes, which only ever add keys (a superseded memory's key stays
 * active through the memory that superseded it): those are merged into the held lists.
 */
export class TopicKeyMemo {
  private generation: string | null = null;
  private readonly lists = new Map<string, { prefix: string; limit: number; keys: string[] }>();

  get(conn: Connection, prefix: string, limit: number, compute: () => string[]): string[] {
    // Inside a transaction the rows read may still roll back.
    if (conn.db.inTransaction) return compute();
    const generation = conn.writeGeneration();
    if (generation !== this.generation || this.lists.size >= MAX_LISTS) {
      this.lists.clear();
      this.generation = generation;
    }
    const id = `${limit}\0${prefix}`;
    let list = this.lists.get(id);
    if (!list) this.lists.set(id, (list = { prefix, limit, keys: compute() }));
    return [...list.keys];
  }

  /**
   * A write from `before` to `after` added active memories under `added` and made no key inactive:
   * each held list takes the keys that sort into it, and the lists stand.
   */
  carry(before: string, after: string, added: Iterable<string>): void {
    if (this.generation !== before) return;
    for (const list of this.lists.values()) {
      for (const key of added) if (key.startsWith(list.prefix)) insertSorted(list.keys, key, list.limit);
    }
    this.generation = after;
  }
}

/** Into a sorted list of distinct keys cut at `limit` (a key past a full list's last is not in it). */
function insertSorted(keys: string[], key: string, limit: number): void {
  const cap = limit < 0 ? Infinity : limit; // SQLite's LIMIT -1: no limit
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (binaryCompare(keys[mid]!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (keys[lo] === key || lo >= cap) return;
  keys.splice(lo, 0, key);
  if (keys.length > cap) keys.pop();
}

/** SQLite's BINARY collation: UTF-8 bytes, which order characters past U+FFFF unlike UTF-16 `<`. */
function binaryCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
