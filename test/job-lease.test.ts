/**
 * A vectorization left behind by a process that died mid-run is taken over once the worker's
 * own lease runs out, not after a fixed minute: the job's heartbeat extends by that lease.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { messageId } from '../src/ids.js';
import { embedJobHandler } from '../src/ingest/embed-job.js';
import { Worker } from '../src/jobs/worker.js';
import type { Embedder } from '../src/models/embedder.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-lease-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Embeds the first batch, then never answers again: the process "dies" mid-job. */
function dyingEmbedder(): Embedder & { firstBatchDone: Promise<void> } {
  const real = new HashingEmbedder(64);
  let calls = 0;
  let done!: () => void;
  const firstBatchDone = new Promise<void>((r) => (done = r));
  return {
    id: real.id,
    dimensions: real.dimensions,
    firstBatchDone,
    embed: async (texts) => {
      if (calls++ === 0) {
        setTimeout(done, 50);
        return real.embed(texts);
      }
      return new Promise(() => {});
    },
  };
}

it('a vectorization job whose worker died is finished by another worker after the lease, not a minute later', async () => {
  const store = openSqliteStore(path.join(dir, 'l.db'), 'l');
  const messages = Array.from({ length: 600 }, (_, i) => {
    const content = `Message ${i} about the deploy pipeline and the release train.`;
    return { id: messageId('s', 'user', content), sessionId: 's', role: 'user' as const, content, timestamp: null, metadata: null };
  });
  await store.insertMessages(messages, { enqueue: [{ kind: 'embed', payload: { messageIds: messages.map((m) => m.id) } }] });

  const dying = dyingEmbedder();
  const first = new Worker({ handlers: { embed: embedJobHandler(async () => dying) }, pollMs: 0, leaseMs: 400 });
  first.add(store);
  await dying.firstBatchDone;
  expect((await store.countJobs()).running).toBe(1);
  void first.stop();

  const lockedUntil = Date.parse((await store.listJobs({ status: 'running', limit: 1 }))[0]!.lockedUntil!);
  expect(lockedUntil - Date.now()).toBeLessThanOrEqual(400);

  await new Promise((r) => setTimeout(r, lockedUntil - Date.now() + 50));
  const second = new Worker({ handlers: { embed: embedJobHandler(async () => new HashingEmbedder(64)) }, pollMs: 0, leaseMs: 400 });
  await second.drain(store);
  expect(await store.countJobs()).toMatchObject({ pending: 0, running: 0 });
  expect(await store.countVectors('message')).toBe(600);
  await second.stop();
  await store.close();
});
