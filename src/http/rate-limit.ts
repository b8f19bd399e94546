/** Per-key token buckets: `rps` tokens per second, up to `burst`. 429 with Retry-After when empty. */
import type { MiddlewareHandler } from 'hono';
import { MnemoError } from '../errors.js';
import type { HttpEnv } from './env.js';

export interface RateLimitOptions {
  /** Sustained requests per second per key (anonymous callers share one bucket). */
  rps: number;
  /** Bucket size: requests allowed at once. Default: max(1, rps). */
  burst?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly burst: number;

  constructor(private readonly rps: number, burst?: number, private readonly now: () => number = () => performance.now()) {
    if (!(rps > 0)) throw new MnemoError('invalid_input', 'rateLimit.rps must be a positive number');
    this.burst = Math.max(1, burst ?? rps);
  }

  /** Takes one token; returns 0 when allowed, otherwise the seconds to wait. */
  take(id: string): number {
    const t = this.now();
    const b = this.buckets.get(id) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.rps);
    b.at = t;
    this.buckets.set(id, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return (1 - b.tokens) / this.rps;
  }
}

export function rateLimit(opts: RateLimitOptions): MiddlewareHandler<HttpEnv> {
  const buckets = new TokenBuckets(opts.rps, opts.burst);
  return async (c, next) => {
    const wait = buckets.take(c.get('key')?.id ?? 'anonymous');
    if (wait > 0) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(wait))));
      throw new MnemoError('rate_limited', `rate limit of ${opts.rps} requests/s exceeded; retry in ${wait.toFixed(2)} s`);
    }
    return next();
  };
}
