/**
 * A message past LIMITS.maxContentChars (a pasted log or file) is stored as consecutive parts
 * rather than failing the whole batch. Parts break at a line end or a space near the limit when
 * there is one, never inside a surrogate pair, and each records which message it belongs to.
 */
import { LIMITS } from '../limits.js';

export interface SplitInfo {
  /** The id the whole message would have had. */
  messageId: string;
  /** 1-based position of this part and the number of parts. */
  part: number;
  parts: number;
}

/** Where to look back from the hard limit for a nicer break: the last 1/8 of a part. */
const LOOKBACK = Math.floor(LIMITS.maxContentChars / 8);

export function splitContent(text: string, max: number = LIMITS.maxContentChars): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = breakAt(rest, max);
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1; // keep a surrogate pair whole
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length) parts.push(rest);
  // A part of only whitespace would be refused downstream; fold it into its neighbour's break.
  return parts.filter((p) => p.trim().length > 0);
}

function breakAt(text: string, max: number): number {
  const window = text.slice(max - LOOKBACK, max);
  const nl = window.lastIndexOf('\n');
  if (nl >= 0) return max - LOOKBACK + nl + 1;
  const sp = window.search(/\s\S*$/);
  return sp >= 0 ? max - LOOKBACK + sp + 1 : max;
}
