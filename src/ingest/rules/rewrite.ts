import { isPastTense, pastToBase, PRESENT_VERBS, thirdPerson } from './verbs.js';

/**
 * Rewrites a first-person sentence into a standalone statement about `speaker`:
 * "I love my dog" → "Caroline loves Caroline's dog". Only pronouns and the verb right after "I"
 * change; every other word is kept as said.
 */
const CONTRACTIONS: [RegExp, string][] = [
  [/\bI'm\b/g, 'I am'],
  [/\bI've\b/g, 'I have'],
  [/\bI'll\b/g, 'I will'],
  [/\bI'd\b/g, 'I would'],
  [/\bim\b(?=\s+\w+ing\b)/g, 'I am'],
  [/\bI don't\b/g, 'I does not'],
  [/\bI didn't\b/g, 'I did not'],
  [/\bI can't\b/g, 'I cannot'],
  [/\bI haven't\b/g, 'I have not'],
  [/\bI wasn't\b/g, 'I was not'],
  [/\bI won't\b/g, 'I will not'],
  [/\b([Ww]e)'ll\b/g, '$1 will'],
  [/\b([Ww]e)'d\b/g, '$1 would'],
];

const ADVERB = '(?:(?:really|also|usually|always|never|still|just|often|generally|mostly|totally|actually|now|even)\\s+)?';
const I_VERB = new RegExp(`\\bI\\s+(${ADVERB})([a-z]+)\\b`, 'g');

const NOT_VERB = /^(?:can|could|would|should|will|might|must|may|shall|did|had|used|also|just|only|too|kinda|sorta|ly)$|ly$|ing$/;

function conjugateAfterI(text: string, name: string): string {
  return text.replace(I_VERB, (_all, adverb: string, verb: string) => {
    if (verb === 'wanna') return `${name} ${adverb}wants to`;
    if (verb === 'gotta') return `${name} ${adverb}has to`;
    if (verb === 'am') return `${name} ${adverb}is`;
    if (verb === 'was') return `${name} ${adverb}was`;
    if (verb === 'have') return `${name} ${adverb}has`;
    if (verb === 'do' || verb === 'does') return `${name} ${adverb}does`;
    if (PRESENT_VERBS.has(verb) || !(NOT_VERB.test(verb) || isPastTense(verb) || pastToBase(verb))) {
      return `${name} ${adverb}${thirdPerson(verb)}`;
    }
    return `${name} ${adverb}${verb}`;
  });
}

export function toThirdPerson(sentence: string, speaker: string, named = true): string {
  const group = named ? `${speaker} and others` : `${speaker} and team`;
  let s = sentence.replace(/’/g, "'");
  for (const [re, to] of CONTRACTIONS) s = s.replace(re, to);
  s = conjugateAfterI(s, speaker)
    .replace(/\b(?:I|i)\b(?!')/g, speaker)
    .replace(/(?<![-\w])[Mm]y(?![-\w])/g, `${speaker}'s`)
    .replace(/\bmine\b/g, `${speaker}'s`)
    .replace(/\b[Mm]yself\b/g, 'themself')
    .replace(/(?<![-\w])me(?![-\w'])/g, speaker)
    .replace(/(?<![-\w])[Ww]e(?:'re| are)(?![-\w])/g, `${group} are`)
    .replace(/(?<![-\w])[Ww]e've(?![-\w])/g, `${group} have`)
    .replace(/(?<![-\w])[Ww]e(?![-\w'])/g, group)
    .replace(/(?<![-\w])[Oo]ur(?![-\w])/g, `${speaker}'s`)
    .replace(/(?<![-\w])us(?![-\w'])/g, group);
  return s.replace(/\s+/g, ' ').trim();
}
