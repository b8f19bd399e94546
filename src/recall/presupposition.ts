import { isStopword } from '../text/stopwords.js';

const LINKER = String.raw`(?:that|which|who|whom)`;
// A person: a pronoun, a capitalized name ("the dog Ann adopted") or someone's ("the car my
// brother bought").
const PERSON = String.raw`(?:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey|\p{Lu}\p{Ll}+|(?:[Mm]y|[Oo]ur|[Yy]our|[Hh]is|[Hh]er|[Tt]heir)\s+\p{L}+)`;
// "the puppy I adopted", "the cabin that we rented", "the new bike she bought", "the dog Ann
// adopted": the head noun of a relative clause whose subject is a person.
const RELATIVE_CLAUSE = new RegExp(
  String.raw`\b[Tt]he\s+(?:(?!${LINKER}\b)[\p{L}-]+\s+)?((?!${LINKER}\b)[\p{L}-]{3,})\s+(?:${LINKER}\s+)?${PERSON}\s+\p{L}`,
  'gu',
);

/**
 * What a question takes for granted through a relative clause: "what do I call the puppy I
 * adopted?" presupposes a puppy was adopted; "where is the cabin that we rented?" a cabin.
 * Lower-cased head nouns. Serves the class "the question presupposes a thing the profile never
 * heard of", which possessives ("my dog's name") and names already cover for the other forms.
 */
export function relativeClauseHeads(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(RELATIVE_CLAUSE)) {
    const head = m[1]!.toLowerCase();
    if (!isStopword(head) && head !== 'one') out.add(head);
  }
  return [...out];
}
