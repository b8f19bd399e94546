import { availableParallelism } from 'node:os';

/**
 * A server's recall threads by default: one per core but one, at least one and at most four. The
 * main thread's HTTP and writes keep a core busy under load, and each thread holds its own copy
 * of the indexes, so a thread without a core of its own costs memory without adding throughput.
 */
export function defaultRecallThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}
