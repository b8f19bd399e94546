/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 5 minutes. */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** A thrown error may ask for a specific delay (e.g. a model's Retry-After). */
export function retryAfterMs(err: unknown): number | null {
  const details = (err as { details?: { retryAfterMs?: unknown } } | null)?.details;
  const ms = details?.retryAfterMs;
  return typeof ms === 'number' && ms >= 0 ? ms : null;
}
