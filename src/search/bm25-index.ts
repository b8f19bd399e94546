import { bm25Weight, K1 } from './bm25-weight.js';
import { blockBounds, type BlockBounds } from './block-bounds.js';
import { blockMaxTop } from './block-max-search.js';
import { findSlot, type PostingList, PostingBase } from './posting-base.js';
import { Postings } from './postings.js';
import { SlotMap } from './slot-map.js';
import { kthScore, topK } from './top-k.js';

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
  /**
   * Cost bound of an any-phrase query with a limit: postings scanned whole, at most, besides the
   * rarest phrase's (always scanned). Past it, the commoner phrases only score the documents the
   * rarer ones found (looked up, not scanned), so a document holding none of the rarer phrases is
   * not a candidate. Absent, or above the query's postings: every match is scored.
   */
  scanBudget?: number;
}

/** What a bulk load hands over (see Bm25Builder). */
export interface Bm25Parts {
  terms: Map<string, number>;
  base: PostingBase;
  ids: number[];
  lengths: number[];
  liveTokens: number;
}

const MIN_DEAD_TO_COMPACT = 1_024;
/** Entries added since the base was built, past which (and past a quarter of the base) they join it. */
const MIN_TAIL_TO_MERGE = 65_536;
const MAX_CACHED_COUNTS = 4_096;

/**
 * An in-memory inverted index that scores like SQLite FTS5's bm25() with default weights (k1 1.2,
 * b 0.75, IDF floored at 1e-6, one length over all columns), so it can answer what an FTS5 table
 * answers without scoring every match inside SQLite. One deviation: a multi-token phrase matches
 * any document holding all its tokens (no adjacency check), counted by its rarest token.
 *
 * Postings live in a compact base (flat arrays over all terms, see PostingBase) plus a small
 * growable tail per term for documents added since, merged into the base once they add up.
 */
export class Bm25Index {
  private readonly terms: Map<string, number>;
  private readonly counter: TermCounter;
  private base: PostingBase;
  /** Block bounds of the base's terms, computed on a term's first search (see blockBounds). */
  private bounds: (BlockBounds | undefined)[] = [];
  private tails: (Postings | undefined)[] = [];
  private tailEntries = 0;
  private ids: number[];
  private lengths: number[];
  private readonly slotOf = new SlotMap();
  private liveTokens: number;
  private dead = 0;
  private scores = new Float64Array(0);
  private marks = new Uint16Array(0);
  /** liveCount's answers since the last change (see there). */
  private readonly liveCounts = new Map<string, number>();

  constructor(parts?: Bm25Parts) {
    this.terms = parts?.terms ?? new Map();
    this.counter = new TermCounter(this.terms);
    this.base = parts?.base ?? PostingBase.empty();
    this.ids = parts?.ids ?? [];
    this.lengths = parts?.lengths ?? [];
    this.liveTokens = parts?.liveTokens ?? 0;
    for (let slot = 0; slot < this.ids.length; slot++) this.slotOf.set(this.ids[slot], slot);
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Indexes (or re-indexes) a document. */
  add(id: number, tokens: string[]): void {
    this.remove(id);
    if (this.liveCounts.size > 0) this.liveCounts.clear();
    const slot = this.ids.length;
    this.ids.push(id);
    this.lengths.push(tokens.length);
    this.slotOf.set(id, slot);
    this.liveTokens += tokens.length;
    this.counter.count(tokens);
    for (const t of this.counter.seen) {
      let list = this.tails[t];
      if (!list) this.tails[t] = list = new Postings();
      list.push(slot, this.counter.of(t));
      this.tailEntries++;
    }
    if (this.tailEntries >= MIN_TAIL_TO_MERGE && this.tailEntries * 4 >= this.base.entries) this.trim();
  }

  /**
   * The index as one compact base with no removed documents (compacting or merging first), for a
   * snapshot: the arrays are the live ones, so read them before the next change.
   */
  parts(): Bm25Parts {
    if (this.dead > 0) this.compact();
    else this.trim();
    return { terms: this.terms, base: this.base, ids: this.ids, lengths: this.lengths, liveTokens: this.liveTokens };
  }

  /** Moves every added entry into the compact base (after a bulk load of single adds, or as the tails grow). */
  trim(): void {
    if (this.tailEntries === 0) return;
    this.base = this.base.merged(this.terms.size, this.tails);
    this.bounds = [];
    this.tails = [];
    this.tailEntries = 0;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    if (this.liveCounts.size > 0) this.liveCounts.clear();
    this.slotOf.delete(id);
    this.ids[slot] = -1;
    this.liveTokens -= this.lengths[slot];
    this.dead++;
    if (this.dead >= MIN_DEAD_TO_COMPACT && this.dead > this.size / 4) this.compact();
  }

  /**
   * With `corpus`, documents are scored against that index's statistics (document count, average
   * length, documents per phrase) instead of their own: documents kept apart then score as if they
   * were in it, without changing its scores.
   */
  search(query: Bm25Query, corpus: Bm25Index = this): Bm25Hit[] {
    if (this.size === 0 || query.phrases.length === 0 || query.limit === 0) return [];
    const n = corpus.size;
    const phrases = query.phrases.filter((p) => p.length > 0);
    const lists = phrases.map((p) => this.phraseLists(p));
    if (lists.length === 0 || (query.all && lists.some((l) => totalLength(l) === 0))) return [];
    this.ensureScratch();
    const avgdl = corpus.liveTokens / n || 1;
    let touched: number[] = [];
    const terms = lists.map((segments, i) => {
      const df = corpus === this ? this.liveCount(phrases[i], segments) : corpus.liveCount(phrases[i], corpus.phraseLists(phrases[i]));
      return { segments, idf: Math.max(1e-6, Math.log((n - df + 0.5) / (df + 0.5))), phrase: phrases[i] };
    });
    // MaxScore: rarest terms first. A term adds at most idf·(k1+1), so once a document's score
    // plus what the remaining terms could add falls below the k-th best so far, it cannot reach
    // the top k: from the point where no unseen document can, only the documents still able to
    // are scored (looked up in long lists rather than scanned). Same hits, same scores.
    const prune = !query.all && query.limit > 0 && terms.length > 1;
    if (prune) terms.sort((a, b) => b.idf - a.idf);
    const candidates = prune ? this.scannedTerms(terms, query.scanBudget ?? Infinity) : terms.length;
    // One phrase with a limit: its best postings, found the same way (the loop below would score
    // every posting, spreading them over the scratch arrays, then pick the best of them all).
    const single = terms.length === 1 && !query.all && query.limit > 0;
    if (candidates < terms.length || single) {
      // Past the scan budget the rarer terms' documents are the candidates: scored document at a
      // time with block-max pruning, the same hits as the term-at-a-time loop below, cheaper.
      const scoring = terms.map((t) => ({ ...t, key: t.phrase.join(' '), bounds: t.segments.map((list) => this.boundsOf(t.phrase, list)) }));
      return blockMaxTop({ terms: scoring, candidates, limit: query.limit, lengths: this.lengths, ids: this.ids, anyRemoved: this.dead > 0, avgdl });
    }
    let rest = terms.reduce((sum, t) => sum + t.idf * (K1 + 1), 0);
    let narrowed = false;
    /** Whether `touched` is in slot order (once narrowed, no slot joins it). */
    let ascending = false;
    let scanned = 0;
    for (const { segments, idf } of terms) {
      if (prune && touched.length >= query.limit) {
        const kth = kthScore(touched, query.limit, this.scores);
        const floor = kth - kth * 1e-9;
        if (narrowed || floor > rest) touched = this.keepReachable(touched, floor - rest);
        narrowed ||= floor > rest;
      }
      rest -= idf * (K1 + 1);
      const length = totalLength(segments);
      if (prune && touched.length > 0 && scanned + length > (query.scanBudget ?? Infinity)) narrowed = true;
      scanned += length;
      for (const list of segments) {
        if (narrowed && touched.length < list.length) {
          // Fewer documents left than entries: walk the list for them in slot order.
          if (!ascending) touched.sort((a, b) => a - b);
          ascending = true;
          for (let k = 0, at = 0; k < touched.length && at < list.length; k++) {
            const i = findSlot(list, touched[k], at);
            if (i >= 0) this.scores[touched[k]] += this.weight(idf, list.counts[i], touched[k], avgdl);
            at = i >= 0 ? i + 1 : -1 - i;
          }
          continue;
        }
        for (let i = 0; i < list.length; i++) {
          const slot = list.slots[i];
          if (narrowed ? this.marks[slot] === 0 : this.ids[slot] < 0) continue;
          if (this.marks[slot] === 0) touched.push(slot);
          this.marks[slot]++;
          this.scores[slot] += this.weight(idf, list.counts[i], slot, avgdl);
        }
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

  /** Live documents holding every token of the phrase (as `search` matches it), latest added first. */
  *documentsWith(tokens: string[]): Generator<number> {
    const lists = this.phraseLists(tokens);
    for (let l = lists.length - 1; l >= 0; l--) {
      const list = lists[l];
      for (let i = list.length - 1; i >= 0; i--) {
        const id = this.ids[list.slots[i]];
        if (id >= 0) yield id;
      }
    }
  }

  private weight(idf: number, tf: number, slot: number, avgdl: number): number {
    return bm25Weight(idf, tf, this.lengths[slot], avgdl);
  }

  /**
   * How many terms (in scoring order) a search with this budget scans whole: the first always,
   * the next ones while the postings scanned stay within the budget (once a live document was met).
   */
  private scannedTerms(terms: { segments: PostingList[] }[], budget: number): number {
    let scanned = totalLength(terms[0].segments);
    let live = this.holdsLive(terms[0].segments);
    for (let j = 1; j < terms.length; j++) {
      const length = totalLength(terms[j].segments);
      if (live && scanned + length > budget) return j;
      scanned += length;
      live ||= this.holdsLive(terms[j].segments);
    }
    return terms.length;
  }

  private holdsLive(segments: PostingList[]): boolean {
    if (this.dead === 0) return totalLength(segments) > 0;
    for (const list of segments) for (let i = 0; i < list.length; i++) if (this.ids[list.slots[i]] >= 0) return true;
    return false;
  }

  /** The block bounds of a one-token phrase's base postings (null for a tail or an intersection). */
  private boundsOf(phrase: string[], list: PostingList): BlockBounds | null {
    const t = phrase.length === 1 ? this.terms.get(phrase[0]) : undefined;
    if (t === undefined || t >= this.base.terms || list.slots.buffer !== this.base.slots.buffer) return null;
    return (this.bounds[t] ??= blockBounds(list, this.lengths));
  }

  /** The slots scoring at least `min`; the others' scratch is cleared (they leave the search). */
  private keepReachable(slots: number[], min: number): number[] {
    const kept: number[] = [];
    for (const slot of slots) {
      if (this.scores[slot] >= min) kept.push(slot);
      else {
        this.scores[slot] = 0;
        this.marks[slot] = 0;
      }
    }
    return kept;
  }

  /** A term's entries: its base range, then its tail (slots ascending across both). */
  private termLists(token: string): PostingList[] {
    const t = this.terms.get(token);
    if (t === undefined) return [];
    const tail = this.tails[t];
    const base = this.base.list(t);
    return tail ? [base, tail] : [base];
  }

  private phraseLists(tokens: string[]): PostingList[] {
    const lists = tokens.map((t) => this.termLists(t));
    if (lists.some((l) => totalLength(l) === 0)) return [];
    if (lists.length === 1) return lists[0];
    return [intersect(lists)];
  }

  /** A phrase's live documents; counted once per phrase until the next change when some are removed. */
  private liveCount(phrase: string[], segments: PostingList[]): number {
    if (this.dead === 0) return totalLength(segments);
    const key = phrase.join(' ');
    let live = this.liveCounts.get(key);
    if (live === undefined) {
      live = 0;
      for (const list of segments) for (let i = 0; i < list.length; i++) if (this.ids[list.slots[i]] >= 0) live++;
      if (this.liveCounts.size >= MAX_CACHED_COUNTS) this.liveCounts.clear();
      this.liveCounts.set(key, live);
    }
    return live;
  }

  private ensureScratch(): void {
    if (this.scores.length >= this.ids.length) return;
    const cap = Math.max(1024, Math.ceil(this.ids.length * 1.25));
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
    this.base = this.base.merged(this.terms.size, this.tails, renumber);
    this.bounds = [];
    this.tails = [];
    this.tailEntries = 0;
    this.ids = ids;
    this.lengths = lengths;
    this.dead = 0;
  }
}

/**
 * Counts the distinct terms of one document at a time in a reusable array indexed by term number
 * (new terms numbered as they come), instead of a Map per document: the larger part of a bulk load.
 */
export class TermCounter {
  private counts = new Uint32Array(1024);
  /** After `count`: the document's distinct term numbers, in first-seen order. */
  readonly seen: number[] = [];

  constructor(readonly terms: Map<string, number>) {}

  count(tokens: string[]): void {
    this.reset();
    for (const token of tokens) this.countTerm(this.termOf(token));
  }

  /** `count` of terms already numbered (see termOf). */
  countTerms(terms: number[]): void {
    this.reset();
    for (const t of terms) this.countTerm(t);
  }

  /** The number of a term, assigned on first sight. */
  termOf(token: string): number {
    let t = this.terms.get(token);
    if (t === undefined) this.terms.set(detached(token), (t = this.terms.size));
    return t;
  }

  private reset(): void {
    for (const t of this.seen) this.counts[t] = 0;
    this.seen.length = 0;
  }

  private countTerm(t: number): void {
    if (t >= this.counts.length) this.grow(t);
    if (this.counts[t]++ === 0) this.seen.push(t);
  }

  of(t: number): number {
    return this.counts[t];
  }

  private grow(t: number): void {
    const counts = new Uint32Array(Math.max(t + 1, this.counts.length * 2));
    counts.set(this.counts);
    this.counts = counts;
  }
}

/**
 * A copy of a token that does not point into the text it was cut from: V8 keeps a substring of 13
 * or more characters as a slice of its parent, so a vocabulary key would hold a whole document's
 * text alive.
 */
export function detached(token: string): string {
  return token.length < 13 ? token : (JSON.parse(JSON.stringify(token)) as string);
}

function totalLength(lists: PostingList[]): number {
  let n = 0;
  for (const l of lists) n += l.length;
  return n;
}

/** Slots holding every token's entries, with the smallest count among them. */
function intersect(tokens: PostingList[][]): Postings {
  const sorted = [...tokens].sort((a, b) => totalLength(a) - totalLength(b));
  let counts = new Map<number, number>();
  for (const list of sorted[0]) for (let i = 0; i < list.length; i++) counts.set(list.slots[i], list.counts[i]);
  for (const segments of sorted.slice(1)) {
    const next = new Map<number, number>();
    for (const list of segments) {
      for (let i = 0; i < list.length; i++) {
        const have = counts.get(list.slots[i]);
        if (have !== undefined) next.set(list.slots[i], Math.min(have, list.counts[i]));
      }
    }
    counts = next;
  }
  const out = new Postings();
  for (const [slot, count] of [...counts].sort((a, b) => a[0] - b[0])) out.push(slot, count);
  return out;
}
