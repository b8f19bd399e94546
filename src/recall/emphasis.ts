import { isStopword } from '../text/stopwords.js';

/**
 * A function word written in capitals is emphasis, not a name ("mention ONLY five items", "NOT the
 * old one"). Two letters are too short to tell: "US", "IT" are names as often as "me" or "no".
 */
export function isEmphasis(word: string): boolean {
  return word.length > 2 && word === word.toUpperCase() && isStopword(word.toLowerCase());
}
