import { stemmer } from 'stemmer';
import { words } from '../../text/tokenize.js';

/** A question as the class detectors read it: its words in order and their stems. */
export interface QuestionShape {
  /** Lower-cased words, apostrophes normalized ("what's", "i've"). */
  words: string[];
  stems: string[];
  /** The words joined by single spaces, for multi-word patterns. */
  text: string;
}

/** The last questions' shapes: a recall reads its question's shape in half a dozen places. */
const KEPT = 8;
const shapes = new Map<string, QuestionShape>();

/** The shape is shared between callers: read it, never change it. */
export function shapeOf(query: string): QuestionShape {
  const hit = shapes.get(query);
  if (hit) return hit;
  const ws = words(query);
  const shape = Object.freeze({ words: Object.freeze(ws) as string[], stems: Object.freeze(ws.map(stemOf)) as string[], text: ws.join(' ') });
  shapes.set(query, shape);
  if (shapes.size > KEPT) shapes.delete(shapes.keys().next().value!);
  return shape;
}

export function stemOf(word: string): string {
  return stemmer(word.replace(/'s$/, ''));
}

/**
 * A family of words that mean one thing for a class (every inflection: a word matches by its
 * stem, so "recapped" belongs to the family of "recap").
 */
export class WordFamily {
  private readonly stems: Set<string>;
  constructor(readonly members: readonly string[]) {
    this.stems = new Set(members.map(stemOf));
  }
  has(stem: string): boolean {
    return this.stems.has(stem);
  }
  /** Positions of the question's words that belong to the family. */
  positions(q: QuestionShape): number[] {
    const out: number[] = [];
    q.stems.forEach((s, i) => {
      if (this.stems.has(s)) out.push(i);
    });
    return out;
  }
  in(q: QuestionShape): boolean {
    return q.stems.some((s) => this.stems.has(s));
  }
}

/** Whether a word of `b` follows a word of `a` within `gap` words. */
export function near(q: QuestionShape, a: WordFamily, b: WordFamily, gap: number): boolean {
  const bs = b.positions(q);
  return a.positions(q).some((i) => bs.some((j) => j > i && j - i <= gap));
}
