import { Postings } from './postings.js';
import { topK } from './top-k.js';

export interface Bm25Hit {
  id: number;
  score: number;
}

export interface Bm25Query {
  /** Each phrase is the token list of one query term; a document matches a phrase holding all its tokens. */
  phrases: string[][];
  /** Every phrase must match (default: any). */
  all?: boolean;
  /** Best hits to return; a negative limit returns every match. */
  limit: number;
}

const K1 = 1.2;
const B = 0.75;
const MIN_DEAD_TO_COMPACT = 1_024;

/**
 * An in-memory inverted index that scores like SQLite FTS5's bm25() with default weights (k1 1.2,
 * b 0.75, IDF floored at 1e-6, one length over all columns), so it can answer what an FTS5 table
 * answers without scoring every match inside SQLite. One deviation: a multi-token phrase matches
 * any document holding all its tokens (no adjacency check), counted by its rarest token.
 */
export class Bm25Index {
  private readonly postings = new Map<string, Postings>();
  private ids: number[] = [];
  private lengths: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private liveTokens = 0;
  private dead = 0;
  private scores = new Float64Array(0);
  private marks = new Uint16Array(0);

  get size(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Indexes (or re-indexes) a document. */
  add(id: number, tokens: string[]): void {
    this.remove(id);
    const slot = this.ids.length;
    this.ids.push(id);
    this.lengths.push(tokens.length);
    this.slotOf.set(id, slot);
    this.liveTokens += tokens.length;
    const counts = new Map<string, number>();
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, count] of counts) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = new Postings()));
      list.push(slot, count);
    }
  }

  /** Releases the room kept for growth in every term's list (after a bulk load). */
  trim(): void {
    for (const list of this.postings.values()) list.trim();
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.ids[slot] = -1;
    this.liveTokens -= this.lengths[slot];
    this.dead++;
    if (this.dead >= MIN_DEAD_TO_COMPACT && this.dead > this.size / 4) this.compact();
  }

  search(query: Bm25Query): Bm25Hit[] {
    const n = this.size;
    if (n === 0 || query.phrases.length === 0 || query.limit === 0) return [];
    const lists = query.phrases.filter((p) => p.length > 0).map((p) => this.phraseList(p));
    if (lists.length === 0 || (query.all && lists.some((l) => l.length === 0))) return [];
    this.ensureScratch();
    const avgdl = this.liveTokens / n || 1;
    const touched: number[] = [];
    const terms = lists.map((list) => {
      const df = this.liveCount(list);
      return { list, idf: Math.max(1e-6, Math.log((n - df + 0.5) / (df + 0.5))) };
    });
    // MaxScore: rarest terms first; once the k-th best score so far beats what the remaining
    // terms could add together (each at most idf·(k1+1)), no unseen document can reach the top k,
    // so the remaining terms only add to documents already seen. Same hits, same scores.
    const prune = !query.all && query.limit > 0 && terms.length > 1;
    if (prune) terms.sort((a, b) => b.idf - a.idf);
    let rest = terms.reduce((sum, t) => sum + t.idf * (K1 + 1), 0);
    let seenOnly = false;
    for (const { list, idf } of terms) {
      if (prune && !seenOnly && touched.length >= query.limit) seenOnly = kthScore(touched, query.limit, this.scores) > rest;
      rest -= idf * (K1 + 1);
      for (let i = 0; i < list.length; i++) {
        const slot = list.slots[i];
        if (seenOnly ? this.marks[slot] === 0 : this.ids[slot] < 0) continue;
        const tf = list.counts[i];
        if (this.marks[slot] === 0) touched.push(slot);
        this.marks[slot]++;
        this.scores[slot] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[slot]) / avgdl));
      }
    }
    const need = query.all ? lists.length : 1;
    const kept = need > 1 ? touched.filter((s) => this.marks[s] >= need) : touched;
    const hits = topK(kept, query.limit < 0 ? kept.length : query.limit, this.scores, this.ids);
    for (const slot of touched) {
      this.scores[slot] = 0;
      this.marks[slot] = 0;
    }
    return hits;
  }

  private phraseList(tokens: string[]): Postings {
    const lists = tokens.map((t) => this.postings.get(t));
    if (lists.some((l) => !l)) return new Postings();
    if (lists.length === 1) return lists[0]!;
    return intersect(lists as Postings[]);
  }

  private liveCount(list: Postings): number {
    if (this.dead === 0) return list.length;
    let live = 0;
    for (let i = 0; i < list.length; i++) if (this.ids[list.slots[i]] >= 0) live++;
    return live;
  }

  private ensureScratch(): void {
    if (this.scores.length >= this.ids.length) return;
    const cap = Math.max(1024, this.ids.length * 2);
    this.scores = new Float64Array(cap);
    this.marks = new Uint16Array(cap);
  }

  private compact(): void {
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: number[] = [];
    const lengths: number[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      const id = this.ids[slot];
      if (id < 0) continue;
      renumber[slot] = ids.length;
      this.slotOf.set(id, ids.length);
      ids.push(id);
      lengths.push(this.lengths[slot]);
    }
    for (const [term, list] of this.postings) {
      list.compact(renumber);
      if (list.length === 0) this.postings.delete(term);
    }
    this.ids = ids;
    this.lengths = lengths;
    this.dead = 0;
  }
}

/** The k-th highest score among `slots` (k ≤ slots.length), via a bounded min-heap. */
function kthScore(slots: number[], k: number, scores: Float64Array): number {
  const heap = new Float64Array(k);
  let size = 0;
  for (const slot of slots) {
    const v = scores[slot];
    if (size < k) {
      let i = size++;
      heap[i] = v;
      while (i > 0 && heap[(i - 1) >> 1] > heap[i]) {
        const p = (i - 1) >> 1;
        [heap[i], heap[p]] = [heap[p], heap[i]];
        i = p;
      }
    } else if (v > heap[0]) {
      heap[0] = v;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < k && heap[l] < heap[m]) m = l;
        if (r < k && heap[r] < heap[m]) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
  }
  return heap[0];
}

/** Slots holding every list's term, with the smallest count among them. */
function intersect(lists: Postings[]): Postings {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let counts = new Map<number, number>();
  for (let i = 0; i < sorted[0].length; i++) counts.set(sorted[0].slots[i], sorted[0].counts[i]);
  for (const list of sorted.slice(1)) {
    const next = new Map<number, number>();
    for (let i = 0; i < list.length; i++) {
      const have = counts.get(list.slots[i]);
      if (have !== undefined) next.set(list.slots[i], Math.min(have, list.counts[i]));
    }
    counts = next;
  }
  const out = new Postings();
  for (const [slot, count] of [...counts].sort((a, b) => a[0] - b[0])) out.push(slot, count);
  return out;
}
