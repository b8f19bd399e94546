import { TIER_REVISION_KEY } from '../lifecycle-store.js';
import type { Connection } from './connection.js';

/** Entries (term keys) and word lists held at most; past either, the cache starts over. */
const MAX_ENTRIES = 100_000;
const MAX_LISTED = 1_000_000;

/** What an archive search asks of an entry besides its members. */
export interface EntryFacts {
  termKeys: Pick<ReadonlySet<string>, 'has'>;
  members: number;
}

/**
 * What a long-lived store's archive searches read from the database and read again for every
 * question: each named entry's term keys and member count (one row and a JSON parse each,
 * thousands for a common word) and the postings of a word. Held only until the archive
 * changes: every rewrite of the archive bumps the tier revision (in meta, whichever process
 * made it). Members themselves are not kept.
 */
export class ArchiveCache {
  private rev: string | null = null;
  private readonly facts = new Map<string, EntryFacts>();
  private readonly lists = new Map<string, string[]>();
  private listed = 0;

  /** Inside the caller's read transaction, so the revision and what is read after are of one snapshot. */
  sync(conn: Connection): void {
    const rev = conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, TIER_REVISION_KEY)?.value ?? '0';
    if (rev === this.rev) return;
    this.clear();
    this.rev = rev;
  }

  entryFacts(entry: string, read: () => { termKeys: string[]; members: number }): EntryFacts {
    let found = this.facts.get(entry);
    if (found === undefined) {
      if (this.facts.size >= MAX_ENTRIES) this.facts.clear();
      const { termKeys, members } = read();
      this.facts.set(entry, (found = { termKeys: new JoinedKeys(termKeys), members }));
    }
    return found;
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
    this.facts.clear();
    this.clearLists();
  }

  private clearLists(): void {
    this.lists.clear();
    this.listed = 0;
  }
}

/** Term keys joined into one string (they hold no NUL): a few MB for a large archive where Sets took tens. */
class JoinedKeys {
  private readonly joined: string;

  constructor(keys: string[]) {
    this.joined = `\0${keys.join('\0')}\0`;
  }

  has(k: string): boolean {
    return this.joined.includes(`\0${k}\0`);
  }
}
