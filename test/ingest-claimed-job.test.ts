/**
 * A waited ingest writes its extraction job already claimed and hands the worker the messages it
 * just wrote. The job stays durable (a process that dies mid-extraction leaves it to the next
 * worker, which reads the messages back from SQLite), and the handed messages extract exactly
 * what the stored ones do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import type { Extractor } from '../src/ingest/extractor.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import type { Memory } from '../src/types.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-claimed-job-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const conversation = [
  { role: 'user' as const, content: 'I moved to Lisbon last March.', timestamp: '2026-04-15T10:00:00Z', metadata: { channel: 'chat', n: 1 } },
  { role: 'assistant' as const, content: 'Noted: you live in Lisbon.', timestamp: '2026-04-15T10:00:05Z' },
  { role: 'user' as const, content: 'I prefer pnpm over npm, and always run lint before deploying.', timestamp: '2026-04-15T10:01:00Z' },
  { role: 'user' as const, content: 'Yesterday we deployed v2.3 to production.', timestamp: '2026-04-15T10:02:00Z', metadata: { tags: ['ops'] } },
  { role: 'user' as const, content: 'Waiting on review for PR #123.', timestamp: '2026-04-15T10:03:00Z' },
];

const shape = (ms: Memory[]) =>
  ms.map((m) => [m.type, m.content, m.topicKey, m.eventTime, m.sourceMessageIds, m.createdAt]).sort((a, b) => String(a[1]).localeCompare(String(b[1])));

it('extracts the same memories from the handed messages as from the stored ones', async () => {
  const mem = openMemory({ dataDir: path.join(dir, 'same'), embedder: false, worker: { background: false } });
  const waited = await mem.profile('waited').ingest(conversation, { sessionId: 's1', wait: true });
  const background = mem.profile('background');
  await background.ingest(conversation, { sessionId: 's1' });
  await background.drain();
  const stored = (await background.list({ limit: 100 })).items;
  expect(waited.memories!.length).toBeGreaterThan(2);
  expect(shape(waited.memories!)).toEqual(shape(stored));
  await mem.close();
});

it('a waited ingest whose process dies during extraction loses nothing: the next worker extracts after the lease', async () => {
  const dataDir = path.join(dir, 'dies');
  const hanging: Extractor = { id: 'hangs', extract: () => new Promise(() => {}) };
  const dying = openMemory({ dataDir, embedder: false, extractor: hanging, worker: { background: false, leaseMs: 300 } });
  void dying.profile('p').ingest(conversation, { sessionId: 's1', wait: true });

  const store = openSqliteStore(path.join(dataDir, 'profiles', 'p.db'), 'p');
  let running = await store.listJobs({ status: 'running' });
  for (let i = 0; i < 200 && running.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 10));
    running = await store.listJobs({ status: 'running' });
  }
  // Messages and the claimed job landed in one commit, before extraction started.
  expect(running).toHaveLength(1);
  expect(running[0]!.attempts).toBe(1);
  expect(await store.countMessages()).toBe(conversation.length);
  await store.close();

  await new Promise((r) => setTimeout(r, Date.parse(running[0]!.lockedUntil!) - Date.now() + 50));
  const next = openMemory({ dataDir, embedder: false, worker: { background: false } });
  const p = next.profile('p');
  await p.drain();
  const memories = (await p.list({ limit: 100 })).items;
  expect(memories.length).toBeGreaterThan(2);
  const [job] = await openSqliteStore(path.join(dataDir, 'profiles', 'p.db'), 'p').listJobs({ kind: 'extract' });
  expect(job).toMatchObject({ status: 'done', attempts: 2 });
  await next.close();
});
