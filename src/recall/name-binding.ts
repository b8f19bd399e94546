import { stemmer } from 'stemmer';
import { words } from '../text/tokenize.js';
import { withoutTimeExpressions } from './asked-content.js';
import { isEmphasis } from './emphasis.js';
import { relativeClauseHeads } from './presupposition.js';

const CAPITALIZED_RUN = /(^|[^\p{L}\p{N}'’])(\p{Lu}[\p{L}\p{N}'’.-]*(?:\s+(?:of\s+the\s+|of\s+|the\s+)?\p{Lu}[\p{L}\p{N}'’.-]*)*)/gu;

/**
 * The names a question binds its attribute to, each a run of capitalized words that does not
 * open the question ("Eternal Sunshine of the Spotless Mind" is one name), lower-cased, with
 * the possessive dropped; function words in capitals are emphasis ("ONLY"), not names. Time expressions ("Aug 15th") are not names; nor are abbreviations of
 * one or two letters ("Dr", "HR"), which evidence spells out as often as not.
 */
export function questionNames(query: string): string[][] {
  const text = withoutTimeExpressions(query);
  const out: string[][] = [];
  for (const m of text.matchAll(CAPITALIZED_RUN)) {
    const start = m.index! + m[1]!.length;
    const before = text.slice(0, start).trimEnd();
    // A run that opens the question starts with an ordinary capitalized word ("Would Ann…").
    const opens = before === '' || /[.?!:;"(“]$/.test(before);
    // The opening word goes before emphasis does: "WHEN Ann visited…" still names Ann.
    const runWords = m[2]!.split(/\s+/).slice(opens ? 1 : 0).filter((w) => !isEmphasis(w));
    const parts = words(runWords.join(' ')).map((w) => w.replace(/'s$/, '')).filter((w) => w.length > 2 && w !== 'the' && w !== 'of');
    if (parts.length > 0) out.push(parts);
  }
  return out;
}

/** Whether a word of the evidence names this part: the same word or stem (puppies, puppy), or the same 5-letter start (Europe, European). */
function named(part: string, have: Set<string>, evidence: EvidenceWords): boolean {
  if (have.has(part) || evidence.stems.has(stemmer(part)) || (part.endsWith('s') && have.has(part.slice(0, -1)))) return true;
  return part.length >= 5 && evidence.starts.has(part.slice(0, 5));
}

/**
 * What the question presupposes that none of the best evidence names: its names (one of
 * several words suffices) and the heads of its relative clauses ("the puppy I adopted"). Serves
 * "the question presupposes a thing the evidence never connects": asked about "Jon's trip to
 * Barcelona" when the evidence about Jon's trip names another city. `known` are names that need
 * no evidence (the conversation's participants, who are bound by `contentOwnership`).
 */
export function unnamedInEvidence(query: string, evidence: string[], known: string[] = []): string[][] {
  const presupposed = [...questionNames(query), ...relativeClauseHeads(query).map((head) => [head])];
  // Most questions presuppose nothing: then the evidence need not be read at all.
  if (presupposed.length === 0) return [];
  const have = new Set(evidence.flatMap((t) => words(t).map((w) => w.replace(/'s$/, ''))));
  const evidenceWords = new EvidenceWords(have);
  for (const k of known) have.add(k);
  return presupposed.filter((parts) => !parts.some((p) => named(p, have, evidenceWords)));
}

/** Stems and 5-letter starts of the evidence's own words (not `known`), built on first use. */
class EvidenceWords {
  private readonly words: string[];
  private stemSet?: Set<string>;
  private startSet?: Set<string>;

  constructor(have: Set<string>) {
    this.words = [...have];
  }

  get stems(): Set<string> {
    return (this.stemSet ??= new Set(this.words.map((w) => stemmer(w))));
  }

  get starts(): Set<string> {
    return (this.startSet ??= new Set(this.words.filter((w) => w.length >= 5).map((w) => w.slice(0, 5))));
  }
}
