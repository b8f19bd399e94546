/**
 * The resume cache: one JSON line per answer or verdict, keyed by a hash of the model, the prompt and
 * the question, appended as soon as it arrives, so a crash or Ctrl-C loses at most the calls in flight.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CallUsage } from './types.js';

export interface CachedCall {
  key: string;
  text: string;
  usage: CallUsage;
  ms: number;
}

/** The context mnemo built for a question, so a resumed run asks the very same prompts. */
export interface CachedContext extends CachedCall {
  tokens: number;
  /** Evidence ids in recall order and those inside the context (LongMemEval recall). */
  ranked: string[];
  inContext: string[];
}

export function cacheKey(modelId: string, system: string, prompt: string, question: string): string {
  return createHash('sha256').update(JSON.stringify([modelId, system, prompt, question])).digest('hex');
}

export class QaCache {
  private readonly entries = new Map<string, CachedCall>();

  constructor(readonly file: string) {
    if (!existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as CachedCall;
        if (typeof entry.key === 'string' && typeof entry.text === 'string') this.entries.set(entry.key, entry);
      } catch {
        // a line cut short by a kill: that call is simply made again
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedCall | undefined {
    return this.entries.get(key);
  }

  getContext(key: string): CachedContext | undefined {
    const entry = this.entries.get(key) as Partial<CachedContext> | undefined;
    return entry && Array.isArray(entry.ranked) && Array.isArray(entry.inContext) ? (entry as CachedContext) : undefined;
  }

  put(entry: CachedCall | CachedContext): void {
    this.entries.set(entry.key, entry);
    mkdirSync(dirname(this.file), { recursive: true });
    // Start on a fresh line: a killed run may have left half a line behind.
    appendFileSync(this.file, `\n${JSON.stringify(entry)}\n`);
  }
}
