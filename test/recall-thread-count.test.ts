import { describe, expect, it } from 'vitest';
import { defaultRecallThreads } from '../src/recall-pool/thread-count.js';

describe('the default number of recall threads', () => {
  it('leaves the main thread a core, keeps at least one thread and at most four', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultRecallThreads(cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });
});
