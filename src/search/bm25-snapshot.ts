import { Bm25Index, type Bm25Parts } from './bm25-index.js';
import { PostingBase } from './posting-base.js';

/**
 * A Bm25Index as flat binary sections, so a large index loads by copying arrays instead of
 * reading, tokenizing and stemming every row again. Terms without a live posting are left out
 * (a purged document's words do not outlive it in a snapshot) and the rest renumbered.
 */
export interface Bm25Sections {
  /** The terms, by their number in the snapshot, joined by newlines (a token holds none). */
  terms: Buffer;
  start: Int32Array;
  slots: Int32Array;
  counts: Uint16Array;
  ids: Float64Array;
  lengths: Int32Array;
  liveTokens: number;
}

export function bm25Sections(index: Bm25Index): Bm25Sections {
  const { terms, base, ids, lengths, liveTokens } = index.parts();
  const names: string[] = [];
  const kept: number[] = [];
  for (const [term, t] of terms) {
    if (t >= base.terms || base.start[t + 1] === base.start[t]) continue;
    if (term.includes('\n')) throw new Error('a term holds a newline');
    names.push(term);
    kept.push(t);
  }
  const start = new Int32Array(kept.length + 1);
  for (let i = 0; i < kept.length; i++) start[i + 1] = start[i] + base.start[kept[i] + 1] - base.start[kept[i]];
  const slots = new Int32Array(start[kept.length]);
  const counts = new Uint16Array(start[kept.length]);
  for (let i = 0; i < kept.length; i++) {
    const list = base.list(kept[i]);
    slots.set(list.slots, start[i]);
    counts.set(list.counts, start[i]);
  }
  return { terms: Buffer.from(names.join('\n')), start, slots, counts, ids: Float64Array.from(ids), lengths: Int32Array.from(lengths), liveTokens };
}

/** The index the sections describe; throws when they do not fit together (a damaged file). */
export function bm25FromSections(s: Bm25Sections): Bm25Index {
  const names = s.terms.length === 0 ? [] : s.terms.toString('utf8').split('\n');
  const docs = s.ids.length;
  if (s.start.length !== names.length + 1 || s.start[0] !== 0 || s.start[names.length] !== s.slots.length) throw new Error('term ranges do not match the postings');
  if (s.counts.length !== s.slots.length || s.lengths.length !== docs) throw new Error('section lengths disagree');
  for (let t = 0; t < names.length; t++) if (s.start[t + 1] < s.start[t]) throw new Error('term ranges are not ascending');
  for (let i = 0; i < s.slots.length; i++) if (s.slots[i] < 0 || s.slots[i] >= docs) throw new Error('a posting names no document');
  const terms = new Map<string, number>();
  for (let t = 0; t < names.length; t++) terms.set(names[t], t);
  if (terms.size !== names.length) throw new Error('a term is listed twice');
  const parts: Bm25Parts = {
    terms, base: new PostingBase(s.start, s.slots, s.counts), ids: Array.from(s.ids), lengths: Array.from(s.lengths), liveTokens: s.liveTokens,
  };
  return new Bm25Index(parts);
}
