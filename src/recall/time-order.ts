/**
 * `a.localeCompare(b)` (its sign) for candidate times, ISO strings that mostly differ first at a
 * digit: there the digits decide alone (no contraction or ignorable among ASCII in the root
 * collation), without a call into ICU per tie of every re-sort. A time against none ('') or a
 * shorter time it extends orders after it when the rest is printable ASCII (none of it ignorable),
 * so a one-shot recall whose candidates include one without a time never creates ICU's collator
 * (15-35 ms). Other differences fall back.
 */
export function compareTimes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i < n) {
    const ca = a.charCodeAt(i) - 48;
    const cb = b.charCodeAt(i) - 48;
    if (ca >= 0 && ca <= 9 && cb >= 0 && cb <= 9) return ca - cb;
  } else if (printableAscii(a.length > n ? a : b, n)) {
    return a.length - b.length;
  }
  return a.localeCompare(b);
}

/** Whether `s` from `from` on is printable ASCII (space to tilde): characters with a primary weight. */
function printableAscii(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}
