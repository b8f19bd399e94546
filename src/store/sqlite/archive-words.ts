import { type ArchivePostings, keyTermKeys, searchArchive, sessionTermKeys, termKey } from '../../lifecycle/archive.js';
import type { ArchiveEntry, TierLookup } from '../lifecycle-store.js';
import type { ArchiveCache } from './archive-cache.js';
import type { Connection } from './connection.js';

/** Set when `archive_words` holds the postings of the current archive (older databases lack them until the next tiering run). */
const WORDS_CURRENT_KEY = 'lifecycle.archive_words';

/** Rewrites the archive's postings (inside the caller's write transaction, beside the archive rows). */
export function writeArchiveWords(conn: Connection, entries: ArchiveEntry[]): void {
  conn.run(`DELETE FROM archive_words`);
  for (const e of entries) {
    const words = e.kind === 'session' ? sessionTermKeys(e.terms).map((t) => `s:${t}`) : keyTermKeys(e.key).map((t) => `k:${t}`);
    for (const w of words) conn.run(`INSERT OR IGNORE INTO archive_words (word, kind, key) VALUES (?, ?, ?)`, w, e.kind, e.key);
  }
  conn.run(`INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO NOTHING`, WORDS_CURRENT_KEY);
}

/**
 * The tiers of one recall read from the database: a memory's tier by its id (or from `coldSet`,
 * the cold set a long-lived store keeps), the archive's entries through the postings of the
 * question's words. Null when the postings are not current (the caller loads the whole archive
 * instead). Reads are cached for the lookup's one recall, or with `cache` until the archive changes.
 */
export function sqliteTierLookup(conn: Connection, coldSet?: () => ReadonlySet<string>, cache?: ArchiveCache): TierLookup | null {
  if (coldSet && cache) {
    const basis = cachedTierBasis(conn, coldSet, cache);
    return basis && tierLookupOf(conn, basis, cache);
  }
  const hasArchive = archiveReadable(conn);
  if (hasArchive === null) return null;
  const postings = new SqliteArchivePostings(conn);
  const archive = (terms: string[]) => (hasArchive ? searchArchive(postings, terms) : { entries: [], memberIds: [] });
  const hasCold = conn.get<{ x: number }>(`SELECT EXISTS (SELECT 1 FROM memories WHERE tier = 'cold') AS x`)!.x === 1;
  const read = new Map<string, boolean>();
  return {
    hasCold,
    isCold(id) {
      let c = read.get(id);
      if (c === undefined) read.set(id, (c = conn.get(`SELECT 1 FROM memories WHERE id = ? AND tier = 'cold'`, id) !== undefined));
      return c;
    },
    searchArchive: archive,
  };
}

/** Whether the archive has entries; null when it has but its postings are not current. */
function archiveReadable(conn: Connection): boolean | null {
  const hasArchive = conn.get<{ x: number }>(`SELECT EXISTS (SELECT 1 FROM archive_index) AS x`)!.x === 1;
  return hasArchive && !conn.get(`SELECT 1 FROM meta WHERE key = ?`, WORDS_CURRENT_KEY) ? null : hasArchive;
}

/** What a long-lived store's tier lookups start from: whether there is an archive, and the cold set. */
export interface TierBasis {
  hasArchive: boolean;
  cold: ReadonlySet<string>;
}

/** Per store (its archive cache), the basis read at a write generation (see cachedTierBasis). */
const bases = new WeakMap<ArchiveCache, { generation: string; basis: TierBasis | null }>();

/**
 * The basis (null: postings not current), read in one snapshot, or the one read before when
 * nothing was committed since (the write generation stands): the same rows give the same basis,
 * and each recall saves the statements and the read transaction of reading it again.
 */
function cachedTierBasis(conn: Connection, coldSet: () => ReadonlySet<string>, cache: ArchiveCache): TierBasis | null {
  const generation = conn.db.inTransaction ? null : conn.writeGeneration();
  const held = bases.get(cache);
  if (generation !== null && held?.generation === generation) return held.basis;
  const basis = conn.read((): TierBasis | null => {
    const hasArchive = archiveReadable(conn);
    if (hasArchive === null) return null;
    cache.sync(conn);
    return { hasArchive, cold: coldSet() };
  });
  if (generation !== null) bases.set(cache, { generation, basis });
  return basis;
}

function tierLookupOf(conn: Connection, { hasArchive, cold }: TierBasis, cache: ArchiveCache): TierLookup {
  const postings = new SqliteArchivePostings(conn, cache);
  return {
    hasCold: cold.size > 0,
    isCold: (id) => cold.has(id),
    searchArchive: (terms) => (hasArchive ? searchArchive(postings, terms) : { entries: [], memberIds: [] }),
  };
}

/** Entries are `kind\0key`; lists come in (kind, key) order, the order the archive loads in. */
class SqliteArchivePostings implements ArchivePostings<string> {
  private readonly terms = new Map<string, ReadonlySet<string>>();
  /** Terms (JSON) of the entries the postings read so far listed: a search tests every one of them. */
  private readonly listedTerms = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly conn: Connection, private readonly cache?: ArchiveCache) {}

  keyWordEntries(k: string): string[] { return this.cachedList(`k:${k}`); }
  sessionEntries(k: string): string[] { return this.cachedList(`s:${k}`); }
  sessionCount(k: string): number {
    const read = () => this.conn.get<{ n: number }>(`SELECT count(*) AS n FROM archive_words WHERE word = ?`, `s:${k}`)!.n;
    return this.cache ? this.cache.wordCount(`s:${k}`, read) : read();
  }

  termKeys(e: string): Pick<ReadonlySet<string>, 'has'> {
    if (this.cache) return this.cache.termKeys(e, () => termKeysOf(this.conn.get<{ terms: string }>(`SELECT terms FROM archive_index WHERE kind = ? AND key = ?`, ...split(e))?.terms));
    let found = this.terms.get(e);
    if (!found) {
      const json = this.listedTerms.get(e) ?? this.conn.get<{ terms: string }>(`SELECT terms FROM archive_index WHERE kind = ? AND key = ?`, ...split(e))?.terms;
      this.terms.set(e, (found = new Set(termKeysOf(json))));
    }
    return found;
  }

  /**
   * Counted apart from the terms: an entity's member list runs to hundreds of KB at 1M memories,
   * and a search counts the members of tied matches only, where it tests the terms of every
   * entry the question's words lead to.
   */
  memberCount(e: string): number {
    if (this.cache) return this.cache.memberCount(e, () => this.readMemberCount(e));
    let n = this.counts.get(e);
    if (n === undefined) this.counts.set(e, (n = this.readMemberCount(e)));
    return n;
  }

  private readMemberCount(e: string): number {
    return this.conn.get<{ n: number }>(`SELECT json_array_length(member_ids) AS n FROM archive_index WHERE kind = ? AND key = ?`, ...split(e))?.n ?? 0;
  }

  name(e: string): Pick<ArchiveEntry, 'kind' | 'key'> {
    const [kind, key] = split(e);
    return { kind, key };
  }

  members(e: string, max: number): string[] {
    return this.conn.all<{ id: string }>(
      `SELECT j.value AS id FROM archive_index a, json_each(a.member_ids) j WHERE a.kind = ? AND a.key = ? LIMIT ?`, ...split(e), max).map((r) => r.id);
  }

  private cachedList(word: string): string[] {
    return this.cache ? this.cache.list(word, () => this.list(word)) : this.list(word);
  }

  /**
   * The word's entries and the terms of those not yet held: reading them entry by entry cost a
   * recall at 1M memories ~100 ms (thousands of archived sessions share a common word), and
   * joining every list to its entries read their rows again for each word. When most are
   * missing, one join reads them (cheaper per row than looking a list of them up).
   */
  private list(word: string): string[] {
    const entries = this.conn.all<{ kind: string; key: string }>(`SELECT kind, key FROM archive_words WHERE word = ? ORDER BY kind, key`, word)
      .map((r) => `${r.kind}\0${r.key}`);
    const missing = entries.filter((e) => (this.cache ? !this.cache.hasTermKeys(e) : !this.listedTerms.has(e)));
    if (missing.length === 0) return entries;
    const rows = missing.length * 4 > entries.length
      ? this.conn.all<{ kind: string; key: string; terms: string | null }>(
        `SELECT w.kind, w.key, a.terms FROM archive_words w LEFT JOIN archive_index a ON a.kind = w.kind AND a.key = w.key WHERE w.word = ?`, word)
      : this.conn.all<{ kind: string; key: string; terms: string }>(
        `SELECT a.kind, a.key, a.terms FROM json_each(?) j CROSS JOIN archive_index a ON a.kind = j.value ->> 0 AND a.key = j.value ->> 1`,
        JSON.stringify(missing.map(split)));
    for (const r of rows) {
      if (r.terms === null) continue;
      const e = `${r.kind}\0${r.key}`;
      if (this.cache) this.cache.offerTermKeys(e, () => termKeysOf(r.terms!));
      else this.listedTerms.set(e, r.terms);
    }
    return entries;
  }
}

function split(e: string): [ArchiveEntry['kind'], string] {
  const at = e.indexOf('\0');
  return [e.slice(0, at) as ArchiveEntry['kind'], e.slice(at + 1)];
}

function termKeysOf(json: string | undefined): string[] {
  return json ? (JSON.parse(json) as string[]).map(termKey) : [];
}
