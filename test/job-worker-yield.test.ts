import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Worker } from '../src/jobs/worker.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-worker-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('background job processing lets timers and requests run while a long queue drains', async () => {
  const store = openSqliteStore(path.join(dir, 'w.db'), 'w');
  await store.enqueueJobs(Array.from({ length: 3000 }, (_, i) => ({ kind: 'busy', payload: { i } })));
  let handled = 0;
  let seenByTimer: Promise<number> | null = null;
  const worker = new Worker({
    handlers: {
      busy: async () => {
        // A timer set while the first job runs fires only once the loop gives the event loop a turn.
        seenByTimer ??= new Promise((resolve) => setTimeout(() => resolve(handled), 0));
        const until = performance.now() + 0.05;
        while (performance.now() < until);
        handled++;
      },
    },
    pollMs: 0,
  });
  worker.add(store);
  while (!seenByTimer) await new Promise((r) => setTimeout(r, 1));
  expect(await seenByTimer).toBeLessThan(3000);
  while ((await store.countJobs()).pending > 0) await new Promise((r) => setTimeout(r, 20));
  expect(handled).toBe(3000);
  await worker.stop();
  await store.close();
});
