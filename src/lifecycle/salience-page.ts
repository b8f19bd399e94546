import { MnemoError } from '../errors.js';
import type { Memory } from '../types.js';

/**
 * Keyset paging for `list --sort salience`.
 *
 * Salience is not a column: it depends on the reading time (`now`), and the order of two
 * memories changes as time passes because their terms decay at different rates (an event's age
 * halves every 30 days, a fact's every 365, past accesses every 30; pinned memories and
 * instructions not at all). A stored value would be stale the moment it is written, and an index
 * on it would have to be rewritten for every memory on every tick. So the store streams the
 * matching rows and the order is computed here.
 *
 * To keep paging correct anyway, the cursor fixes the reading time of the first page and the key
 * (salience, createdAt, id) of the last item returned; every later page computes salience at the
 * same instant and returns the items strictly after that key. A memory written or forgotten
 * between pages neither shifts nor repeats the others (offset paging would), and only `limit`
 * items are held in memory whatever the profile's size.
 */
export interface SalienceCursor {
  /** Reading time of the first page (ISO). */
  at: string;
  salience: number;
  createdAt: string;
  id: string;
}

/** Most salient first; ties: newest first, then by id. Negative when `a` comes first. */
export function compareBySalience(a: Pick<Memory, 'salience' | 'createdAt' | 'id'>, b: Pick<Memory, 'salience' | 'createdAt' | 'id'>): number {
  return (b.salience ?? 0) - (a.salience ?? 0) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function encodeSalienceCursor(c: SalienceCursor): string {
  return Buffer.from(JSON.stringify(['salience', c.at, c.salience, c.createdAt, c.id])).toString('base64url');
}

export function decodeSalienceCursor(cursor: string): SalienceCursor {
  const bad = () => new MnemoError('invalid_input', 'invalid cursor for a list sorted by salience (use the nextCursor of a previous salience page)');
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(v) || v.length !== 5 || v[0] !== 'salience') throw bad();
  const [, at, salience, createdAt, id] = v as unknown[];
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof salience !== 'number' || !Number.isFinite(salience)
    || typeof createdAt !== 'string' || typeof id !== 'string') throw bad();
  return { at, salience, createdAt, id };
}

/** Keeps the `limit` first items (by `compareBySalience`) after `after`, seeing each item once. */
export class TopBySalience {
  private items: Memory[] = [];
  private seen = 0;

  constructor(private readonly limit: number, private readonly after: SalienceCursor | null) {}

  offer(m: Memory): void {
    if (this.after && compareBySalience(m, this.after) <= 0) return;
    this.seen += 1;
    this.items.push(m);
    if (this.items.length >= this.limit * 4) this.trim();
  }

  /** The page, and whether more items follow it. */
  result(): { items: Memory[]; more: boolean } {
    this.trim();
    return { items: this.items, more: this.seen > this.items.length };
  }

  private trim(): void {
    this.items.sort(compareBySalience);
    this.items.length = Math.min(this.items.length, this.limit);
  }
}
