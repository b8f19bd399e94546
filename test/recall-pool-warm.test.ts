import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import type { ThreadRequestBody } from '../src/recall-pool/protocol.js';
import { RecallPool } from '../src/recall-pool/recall-pool.js';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-pool-warm-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("starts a thread's first recall timeout only once the thread has loaded the profile", async () => {
  const writer = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallCacheMs: 0 });
  await writer.profile('p').remember({ content: 'The nightly backup runs at 02:00 UTC.' });
  await writer.close();
  const warnings: string[] = [];
  // Later recalls must answer within this: far above a warm recall even on a loaded machine.
  const timeoutMs = 2000;
  const pool = new RecallPool({ dataDir: dir, embedder: { kind: 'hashing' } }, 1, (w) => warnings.push(w), timeoutMs);
  const internals = pool as unknown as { thread(i: number): unknown; send(t: unknown, req: ThreadRequestBody): Promise<unknown> };
  try {
    // A slow first load (a large profile on a busy machine): the thread is busy well past the recall timeout.
    const busy = internals.send(internals.thread(0), { op: 'block', ms: 2 * timeoutMs });
    const started = Date.now();
    const result = await pool.recall('p', 'when does the backup run', { limit: 5 } as never);
    expect(Date.now() - started).toBeGreaterThan(2 * timeoutMs);
    expect(result.memories.map((m) => m.content)).toEqual(['The nightly backup runs at 02:00 UTC.']);
    await busy;
    // Loaded once: later recalls go straight to the thread, under the recall timeout.
    expect((await pool.recall('p', 'backup time', { limit: 5 } as never)).memories).toHaveLength(1);
    expect(warnings).toEqual([]);
  } finally {
    await pool.close();
  }
});
