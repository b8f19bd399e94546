import { TIER_REVISION_KEY } from '../lifecycle-store.js';
import type { Connection } from './connection.js';

/** Entries (term keys) and word lists held at most; past either, the cache starts over. */
const MAX_ENTRIES = 100_000;
const MAX_LISTED = 1_000_000;

/**
 * What a long-lived store's archive searches read from the database and read again for every
 * question: each named entry's term keys (one row and a JSON parse each, thousands for a common
 * word) and the postings of a word. Held only until the archive changes: every rewrite of the
 * archive bumps the tier revision (in meta, whichever process made it). Term keys are kept as one
 * joined string per entry rather than a Set: a few MB for a large archive, not tens.
 */
export class ArchiveCache {
  private rev: string | null = null;
  private readonly terms = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();
  private listed = 0;

  /** Inside the caller's read transaction, so the revision and what is read after are of one snapshot. */
  sync(conn: Connection): void {
    const rev = conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, TIER_REVISION_KEY)?.value ?? '0';
    if (rev === this.rev) return;
    this.clear();
    this.rev = rev;
  }

  termKeys(entry: string, read: () => string[]): Pick<ReadonlySet<string>, 'has'> {
    let joined = this.terms.get(entry);
    if (joined === undefined) {
      if (this.terms.size >= MAX_ENTRIES) this.terms.clear();
      this.terms.set(entry, (joined = `\0${read().join('\0')}\0`));
    }
    const found = joined;
    return { has: (k) => found.includes(`\0${k}\0`) };
  }

  list(word: string, read: () => string[]): string[] {
    let found = this.lists.get(word);
    if (found === undefined) {
      found = read();
      if (this.listed + found.length > MAX_LISTED) this.clearLists();
      this.lists.set(word, found);
      this.listed += found.length;
    }
    return found;
  }

  private clear(): void {
    this.terms.clear();
    this.clearLists();
  }

  private clearLists(): void {
    this.lists.clear();
    this.listed = 0;
  }
}
