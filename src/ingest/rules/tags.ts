import { keywords } from '../../text/tokenize.js';

// Words too common in statements to say what one is about.
const WEAK = new Set(
  `user assistant really lot things thing something time going want make made get got good great new also
  one two way since still even back well much many every day days year years week weeks month months
  trying need use using used like love able sure pretty kind yesterday today tonight tomorrow last next ago
  monday tuesday wednesday thursday friday saturday sunday weekend recently lately especially together`.split(/\s+/),
);

/** A few salient keywords of a statement: longer and rarer-looking words first, speaker excluded. */
export function tagsFor(text: string, speaker: string, max = 4): string[] {
  const who = speaker.toLowerCase();
  const picked = keywords(text).filter((w) => w !== who && !WEAK.has(w) && !/^\d/.test(w) && w.length > 2 && !/ed$/.test(w));
  const scored = picked.map((w, i) => ({ w, score: w.length + (/[A-Z0-9]/.test(w) ? 2 : 0) - i * 0.2 }));
  return scored.sort((a, b) => b.score - a.score).slice(0, max).map((x) => x.w);
}
