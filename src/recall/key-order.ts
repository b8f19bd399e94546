/**
 * `a.localeCompare(b)` for topic keys, without the ICU collator: its first use in a process costs
 * 15–35 ms (a one-shot recall's only use of it, for ties among matched keys). Keys of
 * lowercase letters, digits, `_` and `.` (what topicKeySchema allows) compare by the root
 * collation's primary order of those characters, `_` < `.` < digits < letters, which decides
 * alone for them; a key with any other character falls back to localeCompare.
 */
const ORDER = '_.0123456789abcdefghijklmnopqrstuvwxyz';
const RANK = new Int8Array(128).fill(-1);
for (let i = 0; i < ORDER.length; i++) RANK[ORDER.charCodeAt(i)] = i;

const plainFrom = (s: string, from: number): boolean => {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || RANK[c] < 0) return false;
  }
  return true;
};

export function compareKeys(a: string, b: string): number {
  // One pass up to the first difference; past it only the plainness of the rest is left to check.
  const n = Math.min(a.length, b.length);
  let i = 0;
  let d = 0;
  for (; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca >= 128 || cb >= 128 || RANK[ca] < 0 || RANK[cb] < 0) return a.localeCompare(b);
    if ((d = RANK[ca] - RANK[cb]) !== 0) break;
  }
  if (!plainFrom(a, i) || !plainFrom(b, i)) return a.localeCompare(b);
  return d !== 0 ? d : a.length - b.length;
}
