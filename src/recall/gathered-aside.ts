import { isGathered } from '../consolidation/compose.js';
import type { Memory } from '../types.js';
import type { Store } from '../store/store.js';
import type { Candidate, ChannelResult } from './candidate.js';
import { insertByScore } from './insert-by-score.js';

/**
 * A gathered memory (a consolidation digest: a topic across sessions, a session summary) ranks by
 * its own match and moves nothing else. A digest holds the words of all its members, so left among
 * the rest it would top the memory channels (every statement the question really matches, an
 * instruction or a single fact, falls by that margin once channels are normalized), lift all its
 * members' turns, and seed the rules that follow the best candidates (neighbours, threads, first
 * mentions) with turns the question never matched.
 */

/**
 * The gathered memories among the channels' hits. Hits without a row (vector hits) get theirs
 * here, so the ranking's own hydration reads nothing twice.
 */
export async function gatheredAmong(store: Store, results: ChannelResult[]): Promise<Set<string>> {
  const gathered = new Set<string>();
  const seen = new Set<string>();
  const unknown = new Set<string>();
  for (const r of results) {
    for (const h of r.hits) {
      if (h.kind !== 'memory' || seen.has(h.id)) continue;
      if (!h.memory) {
        unknown.add(h.id);
        continue;
      }
      seen.add(h.id);
      unknown.delete(h.id);
      if (isGathered(h.memory)) gathered.add(h.id);
    }
  }
  if (unknown.size === 0) return gathered;
  const rows = new Map((await store.getMemories([...unknown])).map((m) => [m.id, m]));
  for (const m of rows.values()) if (isGathered(m)) gathered.add(m.id);
  for (const r of results) for (const h of r.hits) if (h.kind === 'memory' && !h.memory) h.memory = rows.get(h.id);
  return gathered;
}

/** Each memory channel's gathered hits scored at most as its best other hit: a digest never sets a channel's scale. */
export function capGathered(results: ChannelResult[], gathered: ReadonlySet<string>): ChannelResult[] {
  if (gathered.size === 0) return results;
  const isG = (h: ChannelResult['hits'][number]) => h.kind === 'memory' && gathered.has(h.id);
  return results.map((r) => {
    if (!r.hits.some(isG)) return r;
    const others = r.hits.filter((h) => !isG(h));
    if (others.length === 0) return r;
    const best = Math.max(...others.map((h) => h.score));
    const hits = r.hits.map((h) => (isG(h) && h.score > best ? { ...h, score: best } : h));
    return { ...r, hits: hits.sort((a, b) => b.score - a.score) };
  });
}

/** Splits the fused candidates: the gathered ones wait aside while the ranking rules run. */
export function setAside(ranked: Candidate[], gathered: ReadonlySet<string>): { rest: Candidate[]; aside: Candidate[] } {
  if (gathered.size === 0) return { rest: ranked, aside: [] };
  const isG = (c: Candidate) => c.kind === 'memory' && gathered.has(c.id);
  return { rest: ranked.filter((c) => !isG(c)), aside: ranked.filter(isG) };
}

/**
 * A gathered memory's place is worth no more than the turns it carries: it scores at most the
 * weakest of their scores in the ranking (a turn's score is its own or that of the best ordinary
 * memory drawn from it; a turn the ranking never found counts 0). A digest quoting seven
 * statements, four of which the question matches, would otherwise put three unrelated turns ahead
 * of better evidence at one rank (the mean of their scores still did). A digest carrying no turns
 * (a session summary) goes by its members' memories. A topic memory the question asks about (its
 * person and one of its topic words: `asks`, gathered-answers.ts) keeps its own match: it gathers
 * what the question wants across sessions. Placed just below its best turn instead, it cost
 * LoCoMo single-hop 3 points. Under a session spread (`spread` < 1: a question gathered over the
 * history, an overview) it is spread like a session's turns: adding n turns not ranked above it,
 * it keeps spread^(n-1) of its match, as n turns of one session would share their places.
 */
export function weighByCarried(ranked: readonly Candidate[], aside: readonly Candidate[], asks: (m: Memory) => boolean = () => false, spread = 1): Candidate[] {
  if (aside.length === 0) return [];
  const turnScore = new Map<string, number>();
  const memoryScore = new Map<string, number>();
  const raise = (map: Map<string, number>, id: string, score: number) => map.set(id, Math.max(map.get(id) ?? 0, score));
  for (const c of ranked) {
    if (c.kind === 'message') raise(turnScore, c.id, c.score);
    else {
      raise(memoryScore, c.id, c.score);
      for (const id of c.memory?.sourceMessageIds ?? []) raise(turnScore, id, c.score);
    }
  }
  return aside.map((c) => {
    const m = c.memory;
    if (!m) return c;
    const [ids, scores] = m.sourceMessageIds.length > 0 ? [m.sourceMessageIds, turnScore] : [m.derivedFrom, memoryScore];
    if (ids.length === 0) return c;
    if (asks(m)) return spread < 1 ? { ...c, score: c.score * spread ** Math.max(0, ids.filter((id) => (scores.get(id) ?? 0) < c.score).length - 1) } : c;
    const weakest = Math.min(...ids.map((id) => scores.get(id) ?? 0));
    return weakest < c.score ? { ...c, score: weakest } : c;
  });
}

/**
 * The gathered candidates back in by their score weighed by what they carry (weighByCarried), the
 * rest keeping their order; `first` (a topic memory answering the question: gathered-answers.ts)
 * before them all.
 */
export function putBack(ranked: Candidate[], aside: Candidate[], first: Candidate | null = null, asks?: (m: Memory) => boolean, spread = 1): Candidate[] {
  const weighed = weighByCarried(ranked, aside.filter((c) => c !== first), asks, spread);
  if (!first) return insertByScore(ranked, weighed);
  const top = ranked[0]?.score ?? first.score;
  return [{ ...first, score: Math.max(first.score, top) }, ...insertByScore(ranked, weighed)];
}

