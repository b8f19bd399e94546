import { isStopword } from '../../../text/stopwords.js';

/**
 * The vocabulary rows a text word stands for: itself, else without a possessive 's, else the
 * content parts of a hyphenated or underscored compound.
 */
export function rowsForWord(word: string, rowOf: (w: string) => number | undefined): number[] {
  const direct = rowOf(word);
  if (direct !== undefined) return [direct];
  if (word.endsWith("'s")) return rowsForWord(word.slice(0, -2), rowOf);
  if (/[-_']/.test(word)) {
    return word
      .split(/[-_']+/)
      .filter((part) => part && !isStopword(part))
      .flatMap((part) => {
        const row = rowOf(part);
        return row === undefined ? [] : [row];
      });
  }
  return [];
}
