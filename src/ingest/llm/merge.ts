import { normalizeContent } from '../../ids.js';
import { keywords } from '../../text/tokenize.js';
import type { NewMemory } from '../../types.js';
import { withId } from './to-memory.js';

const NEAR_DUPLICATE = 0.75;

/**
 * De-duplicates memories from overlapping windows and from both passes. Identical normalized
 * content merges; near-identical statements (same type, shared source message, keyword
 * overlap ≥ 0.75) merge into the more complete one. Provenance is the union, in message order.
 */
export function mergeMemories(memories: readonly NewMemory[], messageOrder: ReadonlyMap<string, number>): NewMemory[] {
  const kept: NewMemory[] = [];
  const bySource = new Map<string, number[]>();
  const byContent = new Map<string, number>();
  for (const m of memories) {
    const exact = byContent.get(`${m.type}\0${normalizeContent(m.content)}`);
    const target = exact ?? findNearDuplicate(m, kept, bySource);
    if (target === undefined) {
      const index = kept.push(m) - 1;
      byContent.set(`${m.type}\0${normalizeContent(m.content)}`, index);
      for (const id of m.sourceMessageIds) bySource.set(id, [...(bySource.get(id) ?? []), index]);
      continue;
    }
    kept[target] = combine(kept[target]!, m, messageOrder);
    byContent.set(`${m.type}\0${normalizeContent(m.content)}`, target);
    byContent.set(`${m.type}\0${normalizeContent(kept[target]!.content)}`, target);
    for (const id of m.sourceMessageIds) {
      const list = bySource.get(id) ?? [];
      if (!list.includes(target)) bySource.set(id, [...list, target]);
    }
  }
  return kept.map((m) => withId(stripId(m)));
}

function findNearDuplicate(m: NewMemory, kept: readonly NewMemory[], bySource: Map<string, number[]>): number | undefined {
  const words = new Set(keywords(m.content));
  const candidates = new Set(m.sourceMessageIds.flatMap((id) => bySource.get(id) ?? []));
  for (const index of candidates) {
    const other = kept[index]!;
    if (other.type !== m.type) continue;
    if (other.topicKey && m.topicKey && other.topicKey !== m.topicKey) continue;
    if (jaccard(words, new Set(keywords(other.content))) >= NEAR_DUPLICATE) return index;
  }
  return undefined;
}

function combine(a: NewMemory, b: NewMemory, order: ReadonlyMap<string, number>): NewMemory {
  const base = b.content.length > a.content.length ? b : a;
  const sources = [...new Set([...a.sourceMessageIds, ...b.sourceMessageIds])].sort(
    (x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0),
  );
  const queries = [...new Set([...base.queries, ...a.queries, ...b.queries])].slice(0, 5);
  return {
    ...base,
    topicKey: base.topicKey ?? a.topicKey ?? b.topicKey,
    eventTime: base.eventTime ?? a.eventTime ?? b.eventTime,
    sourceMessageIds: sources,
    queries,
    importance: Math.max(a.importance, b.importance),
  };
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

function stripId(m: NewMemory): Omit<NewMemory, 'id'> {
  const { id: _id, ...rest } = m;
  return rest;
}
