import { hashId } from '../ids.js';
import { LIMITS } from '../limits.js';
import type { Memory } from '../types.js';
import { keptFirst, keptStatement } from './kept-statement.js';
import { subjectOf } from './subject.js';
import type { ConsolidationGroup, ConsolidationWrite } from './types.js';

/**
 * The tag naming what a gathered memory is. It is a plain word on purpose: a question asking for
 * a summary finds the session summaries by it, and consolidation skips these when gathering.
 */
export const KIND_TAG = { semantic: 'semantic', summary: 'summary', merge: '' } as const;

/** A memory consolidation wrote by gathering (not a merge); never gathered again. */
export function isGathered(m: Memory): boolean {
  return m.derivedFrom.length > 0 && (m.tags.includes(KIND_TAG.semantic) || m.tags.includes(KIND_TAG.summary));
}

/**
 * A topic memory's subject and topic words: the name its content opens with ("Ann on pottery: …",
 * or a model's wording about Ann) and the label tag that follows the kind tag (derivedMemory).
 */
export function gatheredTopic(m: Memory): { subject: string; words: string[] } | null {
  const at = m.tags.indexOf(KIND_TAG.semantic);
  if (at < 0 || m.derivedFrom.length === 0) return null;
  const subject = subjectOf(m.content);
  const label = m.tags[at + 1];
  return subject && label ? { subject, words: label.split(/\s+/) } : null;
}

/** Characters of one member quoted in a gathered memory. */
const MEMBER_CHARS = 200;

/** The derived memory's content written by rules: the statement a merge keeps, or the members listed. */
export function offlineContent(group: ConsolidationGroup): string {
  const members = group.members;
  if (group.kind === 'merge') return keptStatement(members, group.subject).content;
  const lines = members.map((m) => clip(m.content));
  const head = group.kind === 'summary'
    ? `Session ${sessionDate(members)}`
    : `${group.subject} on ${group.label}`;
  return fit(`${head}: ${lines.join('; ')}`);
}

/**
 * The memory a group becomes. Its id depends on the group key and the members, so the same group
 * gives the same id on every run (nothing new is written) and a grown group a new version.
 */
export function derivedMemory(group: ConsolidationGroup, content: string, previous: Memory | null): ConsolidationWrite {
  const members = group.members;
  const merge = group.kind === 'merge';
  const ordered = merge ? keptFirst(members, group.subject) : members;
  const memberIds = ordered.map((m) => m.id);
  const newest = members[members.length - 1]!;
  // A session summary points at its members (derivedFrom), not at their messages: it stands for
  // the whole session, and quoting a few turns as its evidence would put them above better ones.
  const sources = group.kind === 'summary' ? [] : unique(members.flatMap((m) => m.sourceMessageIds));
  const tags = unique(members.flatMap((m) => m.tags)).slice(0, LIMITS.maxTags);
  let createdAt = newest.createdAt;
  if (previous && previous.createdAt >= createdAt) createdAt = new Date(Date.parse(previous.createdAt) + 1).toISOString();
  return {
    group,
    memory: {
      id: hashId('consolidated', group.key, ...memberIds),
      type: merge ? newest.type : 'fact',
      content,
      topicKey: merge ? (newest.topicKey ?? members.find((m) => m.topicKey)?.topicKey ?? null) : null,
      eventTime: merge ? newest.eventTime : null,
      sessionId: group.kind === 'semantic' ? null : (newest.sessionId ?? null),
      sourceMessageIds: sources,
      queries: merge ? ordered[0]!.queries : [],
      tags: merge ? tags : unique([KIND_TAG[group.kind], ...(group.kind === 'semantic' ? [group.label] : []), ...tags]).slice(0, LIMITS.maxTags),
      importance: Math.max(...members.map((m) => m.importance)),
      createdAt,
      updatedAt: createdAt,
      derivedFrom: memberIds,
    },
    supersede: unique([...(merge ? memberIds : []), ...(previous ? [previous.id] : [])]),
  };
}

function sessionDate(members: Memory[]): string {
  // When the session took place, not the dates its statements mention.
  return members.map((m) => m.createdAt).sort()[0]!.slice(0, 10);
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= MEMBER_CHARS ? t : `${t.slice(0, MEMBER_CHARS - 1)}…`;
}

function fit(text: string): string {
  return text.length <= LIMITS.maxContentChars ? text : text.slice(0, LIMITS.maxContentChars);
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}

