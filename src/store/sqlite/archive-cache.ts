import { TIER_REVISION_KEY } from '../lifecycle-store.js';
import type { Connection } from './connection.js';

/** Entries (term keys) and word lists held at most; past either, the cache starts over. */
const MAX_ENTRIES = 100_000;
const MAX_LISTED = 1_000_000;

/**
 * What a long-lived store's archive searches read from the database and read again for every
 * question: each named entry's term keys (thousands for a common word: they come with the
 * word's postings), the member counts of the entries a search ranks, the postings of a
 * word and how many entries it lists. Held only until the archive changes: every rewrite of the archive bumps the tier
 * revision (in meta, whichever process made it). Members themselves are not kept.
 */
export class ArchiveCache {
  private rev: string | null = null;
  private readonly keys = new Map<string, Pick<ReadonlySet<string>, 'has'>>();
  private readonly members = new Map<string, number>();
  private readonly lists = new Map<string, string[]>();
  private readonly wordCounts = new Map<string, number>();
  private listed = 0;

  /** Inside the caller's read transaction, so the revision and what is read after are of one snapshot. */
  sync(conn: Connection): void {
    const rev = conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, TIER_REVISION_KEY)?.value ?? '0';
    if (rev === this.rev) return;
    this.clear();
    this.rev = rev;
  }

  termKeys(entry: string, read: () => string[]): Pick<ReadonlySet<string>, 'has'> {
    let found = this.keys.get(entry);
    if (found === undefined) this.keepKeys(entry, (found = new JoinedKeys(read())));
    return found;
  }

  hasTermKeys(entry: string): boolean {
    return this.keys.has(entry);
  }

  /** Term keys read beside a word's postings, kept unless already held. */
  offerTermKeys(entry: string, keys: () => string[]): void {
    if (!this.keys.has(entry)) this.keepKeys(entry, new JoinedKeys(keys()));
  }

  memberCount(entry: string, read: () => number): number {
    let n = this.members.get(entry);
    if (n === undefined) {
      if (this.members.size >= MAX_ENTRIES) this.members.clear();
      this.members.set(entry, (n = read()));
    }
    return n;
  }

  /** How many entries a word lists: its list's length when held, else counted once. */
  wordCount(word: string, read: () => number): number {
    let n = this.lists.get(word)?.length ?? this.wordCounts.get(word);
    if (n === undefined) {
      if (this.wordCounts.size >= MAX_ENTRIES) this.wordCounts.clear();
      this.wordCounts.set(word, (n = read()));
    }
    return n;
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

  private keepKeys(entry: string, keys: JoinedKeys): void {
    if (this.keys.size >= MAX_ENTRIES) this.keys.clear();
    this.keys.set(entry, keys);
  }

  private clear(): void {
    this.keys.clear();
    this.members.clear();
    this.wordCounts.clear();
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
