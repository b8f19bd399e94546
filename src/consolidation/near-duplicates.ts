import type { Memory } from '../types.js';

/** Two statements are the same when their content words overlap this much (Jaccard). */
export const DUPLICATE_SIMILARITY = 0.6;
/** Statements with fewer content words than this are too short to call duplicates. */
const MIN_WORDS = 3;

interface Item {
  memory: Memory;
  words: Set<string>;
}

/**
 * Clusters of near-duplicate memories: same type, same day, content words nearly equal. Each
 * cluster is led by its oldest memory and a memory joins only when it is close to that leader,
 * so a chain of small rewordings never merges two different statements.
 */
export function nearDuplicateClusters(items: Item[]): Memory[][] {
  const buckets = new Map<string, Item[]>();
  for (const it of items) {
    if (it.words.size < MIN_WORDS) continue;
    const key = `${it.memory.type}\0${it.memory.eventTime?.slice(0, 10) ?? ''}`;
    (buckets.get(key) ?? buckets.set(key, []).get(key)!).push(it);
  }
  const out: Memory[][] = [];
  for (const bucket of buckets.values()) {
    if (bucket.length < 2) continue;
    bucket.sort((a, b) => (a.memory.createdAt < b.memory.createdAt ? -1 : a.memory.createdAt > b.memory.createdAt ? 1 : a.memory.id < b.memory.id ? -1 : 1));
    const rarity = wordCounts(bucket);
    const clusters: { leader: Item; members: Memory[] }[] = [];
    const byWord = new Map<string, number[]>();
    for (const it of bucket) {
      // Prefix filtering (exact for a Jaccard threshold): two sets this similar share one of
      // their few rarest words, so only those are looked up and indexed.
      const prefix = rarestFirst(it.words, rarity).slice(0, prefixLength(it.words.size));
      const candidates = new Set<number>();
      for (const w of prefix) for (const c of byWord.get(w) ?? []) candidates.add(c);
      let joined = -1;
      for (const c of candidates) {
        const leader = clusters[c]!.leader.words;
        let n = 0;
        for (const w of it.words) if (leader.has(w)) n++;
        if (n / (leader.size + it.words.size - n) >= DUPLICATE_SIMILARITY && (joined < 0 || c < joined)) joined = c;
      }
      if (joined >= 0) {
        clusters[joined]!.members.push(it.memory);
        continue;
      }
      const c = clusters.push({ leader: it, members: [it.memory] }) - 1;
      for (const w of prefix) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(c);
    }
    for (const c of clusters) if (c.members.length > 1) out.push(c.members);
  }
  return out;
}

/** Words a set must be probed by: |x| − ⌈t·|x|⌉ + 1 of its rarest. */
function prefixLength(size: number): number {
  return size - Math.ceil(DUPLICATE_SIMILARITY * size - 1e-9) + 1;
}

function wordCounts(items: Item[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const it of items) for (const w of it.words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** Rarest first; ties by the word itself, so every set is ordered the same way. */
function rarestFirst(words: Set<string>, counts: Map<string, number>): string[] {
  return [...words].sort((a, b) => counts.get(a)! - counts.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
}
