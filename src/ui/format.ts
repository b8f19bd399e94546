/** Small display helpers shared by the views. */
export function bytes(n: number | null): string {
  if (n === null) return 'unknown';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}

/** `2026-04-15 10:32` in UTC; the raw value when it is not a time. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const fixed = (n: number | undefined, digits = 3): string => (n === undefined ? '—' : n.toFixed(digits));
