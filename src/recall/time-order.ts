/**
 * `a.localeCompare(b)` (its sign) for candidate times, ISO strings that mostly differ first at a
 * digit: there the digits decide alone (no contraction or ignorable among ASCII in the root
 * collation), without a call into ICU per tie of every re-sort. Other differences fall back.
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
  }
  return a.localeCompare(b);
}
