import { hashId } from '../ids.js';
import type { Memory } from '../types.js';
import { isGathered } from './compose.js';
import { nearDuplicateClusters } from './near-duplicates.js';
import { subjectOf } from './subject.js';
import { topicWords } from './topic-words.js';
import type { ConsolidationGroup, GroupKind } from './types.js';

const ALL_KINDS: ReadonlySet<GroupKind> = new Set(['merge', 'semantic', 'summary']);
const NONE: ReadonlyMap<string, string> = new Map();

export interface PlanOptions {
  /** A topic group needs at least this many memories (default 3). */
  minTopicMembers: number;
  /** A word shared by more memories of one subject than this is too general to gather on (default 12). */
  maxTopicMembers: number;
  /** A topic group must span at least this many sessions (default 2): gathering is across time. */
  minTopicSessions: number;
  /** Memories a session summary draws on (the most important, default 8). */
  maxSummaryMembers: number;
}

export const DEFAULT_PLAN_OPTIONS: PlanOptions = { minTopicMembers: 3, maxTopicMembers: 12, minTopicSessions: 2, maxSummaryMembers: 8 };

/** Kinds of memory consolidation reads; tasks and instructions are left as they are. */
const GATHERED = new Set(['fact', 'event']);

/**
 * Groups active memories: near-duplicates to merge, then (over what remains after merging) the
 * memories about one subject sharing a topic word, and each session's memories. Pure and
 * deterministic: the same memories always give the same groups, so re-running finds the same keys.
 */
export function planGroups(memories: Memory[], opts: PlanOptions = DEFAULT_PLAN_OPTIONS, kinds: ReadonlySet<GroupKind> = ALL_KINDS): ConsolidationGroup[] {
  const eligible = memories.filter((m) => m.status === 'active' && GATHERED.has(m.type) && !isGathered(m));
  // Duplicates are judged on every content word; topics only on the salient ones (the tags).
  // Each is computed only for the kinds asked for: a pass plans merges or gatherings, rarely both.
  const items = eligible.map((memory) => {
    const subject = subjectOf(memory.content);
    return {
      memory,
      subject,
      words: kinds.has('merge') ? topicWords(memory.content, subject) : NONE,
      topics: kinds.has('semantic') && subject ? topicWords(memory.tags.join(' '), subject) : NONE,
    };
  });
  const groups: ConsolidationGroup[] = [];

  const bySubject = new Map<string, typeof items>();
  for (const it of items) {
    const key = it.subject ?? '';
    (bySubject.get(key) ?? bySubject.set(key, []).get(key)!).push(it);
  }
  for (const [subject, list] of kinds.has('merge') ? bySubject : []) {
    for (const cluster of nearDuplicateClusters(list.map((it) => ({ memory: it.memory, words: new Set(it.words.keys()) })))) {
      const ids = cluster.map((m) => m.id).sort();
      groups.push({ key: `merge:${hashId(...ids)}`, kind: 'merge', label: subject, subject: subject || null, members: byTime(cluster) });
    }
  }

  for (const [subject, list] of kinds.has('semantic') ? bySubject : []) {
    if (!subject) continue;
    const byWord = new Map<string, { label: string; members: Memory[] }>();
    for (const it of list) {
      for (const [stem, word] of it.topics) {
        const entry = byWord.get(stem) ?? byWord.set(stem, { label: word, members: [] }).get(stem)!;
        entry.members.push(it.memory);
      }
    }
    const seenSets = new Map<string, ConsolidationGroup>();
    for (const [stem, { label, members }] of [...byWord].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (members.length < opts.minTopicMembers || members.length > opts.maxTopicMembers) continue;
      if (new Set(members.map((m) => m.sessionId)).size < opts.minTopicSessions) continue;
      const setKey = members.map((m) => m.id).sort().join(',');
      const same = seenSets.get(setKey);
      if (same) {
        same.label = `${same.label} ${label}`; // words always said together name one topic
        continue;
      }
      const group: ConsolidationGroup = { key: `topic:${subject.toLowerCase()}:${stem}`, kind: 'semantic', label, subject, members: byTime(members) };
      seenSets.set(setKey, group);
      groups.push(group);
    }
  }

  const bySession = new Map<string, Memory[]>();
  for (const it of items) {
    const s = it.memory.sessionId;
    if (s) (bySession.get(s) ?? bySession.set(s, []).get(s)!).push(it.memory);
  }
  for (const [sessionId, list] of kinds.has('summary') ? [...bySession].sort((a, b) => (a[0] < b[0] ? -1 : 1)) : []) {
    if (list.length < 2) continue;
    const top = [...list].sort((a, b) => b.importance - a.importance || cmpTime(a, b)).slice(0, opts.maxSummaryMembers);
    groups.push({ key: `session:${sessionId}`, kind: 'summary', label: sessionId, subject: null, members: byTime(top) });
  }
  return groups;
}

function cmpTime(a: Memory, b: Memory): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byTime(list: Memory[]): Memory[] {
  return [...list].sort(cmpTime);
}
