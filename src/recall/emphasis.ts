import { isStopword } from '../text/stopwords.js';

/** A function word written in capitals is emphasis, not a name ("mention ONLY five items", "NOT the old one"). */
export function isEmphasis(word: string): boolean {
  return word.length > 1 && word === word.toUpperCase() && isStopword(word.toLowerCase());
}
