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

const plain = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || RANK[c] < 0) return false;
  }
  return true;
};

export function compareKeys(a: string, b: string): number {
  if (!plain(a) || !plain(b)) return a.localeCompare(b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = RANK[a.charCodeAt(i)] - RANK[b.charCodeAt(i)];
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
