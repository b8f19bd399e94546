import type { ArchiveEntry } from '../store/lifecycle-store.js';
import { keywords } from '../text/tokenize.js';
import type { Memory } from '../types.js';

const TERMS_PER_ENTRY = 24;
/**
 * Session entries a lookup tests at most: when even the question's rarest words are listed by
 * more sessions together, they point at no session in particular (at 1M memories a common word
 * lists tens of thousands), and testing them cost a recall more than its text search.
 */
const SESSION_PROBE_AT_MOST = 2_000;
/** Words that name who or what a topic key is about but say nothing on their own. */
const GENERIC_SUBJECTS = new Set(['user', 'project', 'assistant', 'team', 'general']);
const NAME = /(?<=\S\s+)\p{Lu}[\p{Ll}]{2,}/gu;

/** Matching works on word prefixes, so "hobbies" finds "hobby" (as recall's term coverage does). */
export const termKey = (w: string) => w.slice(0, 5);

/**
 * The archive index over the cold memories: one entry per topic key, per entity (the subject of a
 * topic key, and capitalized names in the content) and per session, each listing its cold
 * members and the words that lead a query to it.
 */
export function buildArchive(cold: Memory[]): ArchiveEntry[] {
  const groups = new Map<string, { kind: ArchiveEntry['kind']; key: string; seed: string[]; members: Memory[] }>();
  const add = (kind: ArchiveEntry['kind'], key: string, seed: string[], m: Memory) => {
    const id = `${kind}\0${key}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { kind, key, seed, members: [] }));
    g.members.push(m);
  };
  for (const m of cold) {
    if (m.topicKey) {
      add('topic', m.topicKey, m.topicKey.split(/[._]/), m);
      const subject = m.topicKey.split('.')[0];
      if (!GENERIC_SUBJECTS.has(subject)) add('entity', subject, [subject], m);
    }
    for (const name of new Set((m.content.match(NAME) ?? []).map((n) => n.toLowerCase()))) add('entity', name, [name], m);
    if (m.sessionId) add('session', m.sessionId, [], m);
  }
  return [...groups.values()].map((g) => ({
    kind: g.kind,
    key: g.key,
    terms: topTerms(g.seed, g.members),
    memberIds: g.members.map((m) => m.id),
  }));
}

function topTerms(seed: string[], members: Memory[]): string[] {
  const counts = new Map<string, number>();
  for (const m of members) for (const w of keywords(`${m.content} ${m.tags.join(' ')}`)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  return [...new Set([...seed.filter(Boolean), ...top])].slice(0, TERMS_PER_ENTRY);
}

export interface ArchiveMatch {
  entries: { kind: ArchiveEntry['kind']; key: string; matched: number }[];
  /** Cold members of the matching entries, best entries first, at most `maxMembers`. */
  memberIds: string[];
}

/**
 * Where an archive search reads its postings and entries: the in-memory index (a server, which
 * searches many times) or the database's word table (a one-shot command, which reads only the
 * postings of the question's words). Entries are opaque handles; every list is in entry order
 * (kind, then key), so both sources find the same entries in the same order.
 */
export interface ArchivePostings<E> {
  /** Topic and entity entries whose key holds a word with this term key. */
  keyWordEntries(termKey: string): E[];
  /** Session entries whose terms hold this term key. */
  sessionEntries(termKey: string): E[];
  /** How many session entries hold this term key. */
  sessionCount(termKey: string): number;
  /** The term keys of an entry's terms. */
  termKeys(entry: E): Pick<ReadonlySet<string>, 'has'>;
  /** How many members an entry lists (without reading them). */
  memberCount(entry: E): number;
  name(entry: E): Pick<ArchiveEntry, 'kind' | 'key'>;
  /** The entry's first `max` members (an entity's list runs to tens of thousands at 1M memories). */
  members(entry: E, max: number): string[];
}

/**
 * Entries the query is about: a topic or entity entry when the query names its key (a word of
 * the topic key, the entity's name) and holds at least half of the query's words; a session
 * entry when it holds three quarters of them, reading only the postings of the query's rarest
 * words (an entry holding three quarters of the words must hold one of them), and none when those
 * list more than SESSION_PROBE_AT_MOST, so a lookup stays small however many sessions are archived.
 */
export function searchArchive<E>(source: ArchivePostings<E>, terms: string[], maxMembers = 200): ArchiveMatch {
  const keys = [...new Set(terms.map(termKey))];
  if (keys.length === 0) return { entries: [], memberIds: [] };
  const half = Math.max(Math.min(2, keys.length), Math.ceil(keys.length / 2));
  const found: [E, number][] = [];
  const named = new Set<E>();
  for (const k of keys) for (const e of source.keyWordEntries(k)) named.add(e);
  const held = (e: E) => {
    const have = source.termKeys(e);
    return keys.filter((k) => have.has(k)).length;
  };
  for (const e of named) {
    const n = held(e);
    if (n >= half) found.push([e, n]);
  }
  const sessionNeed = Math.max(half, Math.ceil(keys.length * 0.75));
  const rarest = keys.map((k) => ({ k, n: source.sessionCount(k) })).sort((a, b) => a.n - b.n).slice(0, keys.length - sessionNeed + 1);
  const probe = new Set<E>();
  const probed = rarest.reduce((sum, r) => sum + r.n, 0);
  if (probed <= SESSION_PROBE_AT_MOST) for (const { k, n } of rarest) if (n > 0) for (const e of source.sessionEntries(k)) probe.add(e);
  for (const e of probe) {
    const n = held(e);
    if (n >= sessionNeed) found.push([e, n]);
  }
  found.sort((a, b) => b[1] - a[1] || source.memberCount(a[0]) - source.memberCount(b[0]));
  // Members are read only from the entries that fill the first `maxMembers`, and of each only the
  // first `maxMembers`: at most `memberIds.size` of those are already held, so enough are new.
  const memberIds = new Set<string>();
  for (const [e] of found) {
    if (memberIds.size >= maxMembers) break;
    for (const id of source.members(e, maxMembers)) {
      if (memberIds.size >= maxMembers) break;
      memberIds.add(id);
    }
  }
  return { entries: found.map(([e, n]) => ({ ...source.name(e), matched: n })), memberIds: [...memberIds] };
}

/** The archive entries of a topic or entity key, by the words of the key (as `keyWordEntries` finds them). */
export function keyTermKeys(key: string): string[] {
  return [...new Set(keyWords(key).map(termKey))];
}

/** The term keys a session entry is found by (as `sessionEntries` finds it). */
export function sessionTermKeys(terms: string[]): string[] {
  return [...new Set(terms.map(termKey))];
}

/** An in-memory index over the archive entries (one per topic, entity and session), in entry order. */
export class ArchiveSearch implements ArchivePostings<number> {
  private readonly byKeyWord = new Map<string, number[]>();
  private readonly sessionsByTerm = new Map<string, number[]>();

  constructor(private readonly entries: ArchiveEntry[]) {
    entries.forEach((e, i) => {
      if (e.kind === 'session') {
        for (const t of sessionTermKeys(e.terms)) push(this.sessionsByTerm, t, i);
      } else {
        for (const w of keyTermKeys(e.key)) push(this.byKeyWord, w, i);
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  keyWordEntries(k: string): number[] { return this.byKeyWord.get(k) ?? []; }
  sessionEntries(k: string): number[] { return this.sessionsByTerm.get(k) ?? []; }
  sessionCount(k: string): number { return this.sessionsByTerm.get(k)?.length ?? 0; }
  termKeys(i: number): Set<string> { return new Set(this.entries[i].terms.map(termKey)); }
  memberCount(i: number): number { return this.entries[i].memberIds.length; }
  name(i: number): Pick<ArchiveEntry, 'kind' | 'key'> { return { kind: this.entries[i].kind, key: this.entries[i].key }; }
  members(i: number, max: number): string[] { return this.entries[i].memberIds.slice(0, max); }

  search(terms: string[], maxMembers = 200): ArchiveMatch {
    return this.entries.length === 0 ? { entries: [], memberIds: [] } : searchArchive(this, terms, maxMembers);
  }
}

function push(index: Map<string, number[]>, key: string, i: number): void {
  let list = index.get(key);
  if (!list) index.set(key, (list = []));
  if (list[list.length - 1] !== i) list.push(i);
}

/** The words of a topic key or entity name that can name it (not "user", "project", …). */
function keyWords(key: string): string[] {
  return key.split(/[._\s-]+/).filter((w) => w.length > 1 && !GENERIC_SUBJECTS.has(w));
}
