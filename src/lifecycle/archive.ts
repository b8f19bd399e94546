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

/** An in-memory inverted index over the archive entries (they are few: one per topic, entity, session). */
export class ArchiveSearch {
  private readonly byTerm = new Map<string, number[]>();

  constructor(private readonly entries: ArchiveEntry[]) {
    entries.forEach((e, i) => {
      for (const t of new Set(e.terms.map(termKey))) {
        let list = this.byTerm.get(t);
        if (!list) this.byTerm.set(t, (list = []));
        list.push(i);
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Entries the query is about: a topic or entity entry matches when the query names its key (a
   * word of the topic key, the entity's name) and holds at least half of the query's words; a
   * session entry, whose words are only its members', when it holds three quarters of them.
   */
  search(terms: string[], maxMembers = 200): ArchiveMatch {
    const keys = [...new Set(terms.map(termKey))];
    if (keys.length === 0 || this.entries.length === 0) return { entries: [], memberIds: [] };
    const hits = new Map<number, number>();
    for (const k of keys) for (const i of this.byTerm.get(k) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    const asked = new Set(keys);
    const names = (e: ArchiveEntry) => e.key.split(/[._\s-]+/).some((w) => w.length > 1 && !GENERIC_SUBJECTS.has(w) && asked.has(termKey(w)));
    const half = Math.max(Math.min(2, keys.length), Math.ceil(keys.length / 2));
    const found = [...hits]
      .filter(([i, n]) => {
        const e = this.entries[i];
        return e.kind === 'session' ? n >= Math.max(half, Math.ceil(keys.length * 0.75)) : n >= half && names(e);
      })
      .sort((a, b) => b[1] - a[1] || this.entries[a[0]].memberIds.length - this.entries[b[0]].memberIds.length);
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
