import type { ArchiveEntry } from '../store/lifecycle-store.js';
import { keywords } from '../text/tokenize.js';
import type { Memory } from '../types.js';

const TERMS_PER_ENTRY = 24;
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
 * An in-memory index over the archive entries (one per topic, entity and session). Topic and
 * entity entries are found by the words of their key; session entries by their words, reading
 * only the postings of the query's rarest words (an entry holding three quarters of the words
 * must hold one of them), so a lookup stays small however many sessions are archived.
 */
export class ArchiveSearch {
  private readonly byKeyWord = new Map<string, number[]>();
  private readonly sessionsByTerm = new Map<string, number[]>();

  constructor(private readonly entries: ArchiveEntry[]) {
    entries.forEach((e, i) => {
      if (e.kind === 'session') {
        for (const t of new Set(e.terms.map(termKey))) push(this.sessionsByTerm, t, i);
      } else {
        for (const w of keyWords(e.key)) push(this.byKeyWord, termKey(w), i);
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Entries the query is about: a topic or entity entry when the query names its key (a word of
   * the topic key, the entity's name) and holds at least half of the query's words; a session
   * entry when it holds three quarters of them.
   */
  search(terms: string[], maxMembers = 200): ArchiveMatch {
    const keys = [...new Set(terms.map(termKey))];
    if (keys.length === 0 || this.entries.length === 0) return { entries: [], memberIds: [] };
    const half = Math.max(Math.min(2, keys.length), Math.ceil(keys.length / 2));
    const found: [number, number][] = [];
    const named = new Set<number>();
    for (const k of keys) for (const i of this.byKeyWord.get(k) ?? []) named.add(i);
    for (const i of named) {
      const have = new Set(this.entries[i].terms.map(termKey));
      const n = keys.filter((k) => have.has(k)).length;
      if (n >= half) found.push([i, n]);
    }
    const sessionNeed = Math.max(half, Math.ceil(keys.length * 0.75));
    const postings = keys.map((k) => this.sessionsByTerm.get(k) ?? []).sort((a, b) => a.length - b.length);
    const probe = new Set<number>();
    for (const list of postings.slice(0, keys.length - sessionNeed + 1)) for (const i of list) probe.add(i);
    for (const i of probe) {
      let n = 0;
      for (const list of postings) if (contains(list, i)) n++;
      if (n >= sessionNeed) found.push([i, n]);
    }
    found.sort((a, b) => b[1] - a[1] || this.entries[a[0]].memberIds.length - this.entries[b[0]].memberIds.length);
    const memberIds = new Set<string>();
    for (const [i] of found) {
      for (const id of this.entries[i].memberIds) {
        if (memberIds.size >= maxMembers) break;
        memberIds.add(id);
      }
    }
    return { entries: found.map(([i, n]) => ({ kind: this.entries[i].kind, key: this.entries[i].key, matched: n })), memberIds: [...memberIds] };
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

/** Postings are in increasing entry order: binary search. */
function contains(list: number[], i: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === i) return true;
    if (list[mid] < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
