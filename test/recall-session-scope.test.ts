/**
 * `recall(q, { sessionId })` answers from that session alone, whatever channel found a candidate:
 * a topic key or a name matched in another session must not bring that session's memories or turns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';

let dir: string;
let mnemo: MnemoApi;
let p: ProfileApi;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-session-scope-'));
  mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  p = mnemo.profile('p');
  await p.remember({ content: 'The billing service uses PostgreSQL as its database.', type: 'fact', topicKey: 'billing.database', sessionId: 'ops' });
  await p.ingest(
    [
      { role: 'user', content: 'Priya Raman reviewed the billing database migration plan today.' },
      { role: 'assistant', content: 'Noted: Priya Raman approved the migration plan for billing.' },
    ],
    { sessionId: 'ops', wait: true },
  );
  await p.ingest(
    [
      { role: 'user', content: 'Let us plan the frontend release for next week.' },
      { role: 'assistant', content: 'The frontend release is planned for Tuesday.' },
    ],
    { sessionId: 'web', wait: true },
  );
});

afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

const sessionsOf = (r: Awaited<ReturnType<ProfileApi['recall']>>) => [
  ...r.memories.map((m) => m.sessionId),
  ...r.messages.map((m) => m.sessionId),
];

it('a topic key or a name matched in another session brings nothing from it', async () => {
  for (const q of ['which database does the billing service use?', 'what did Priya Raman review?']) {
    const everywhere = await p.recall(q);
    expect(sessionsOf(everywhere)).toContain('ops');
    const web = await p.recall(q, { sessionId: 'web' });
    expect(sessionsOf(web).every((s) => s === 'web')).toBe(true);
    expect(web.memories.map((m) => m.content).join(' ')).not.toContain('PostgreSQL');
  }
});

it('the session itself still answers from every channel', async () => {
  const ops = await p.recall('which database does the billing service use?', { sessionId: 'ops' });
  expect(ops.memories.map((m) => m.content)).toContain('The billing service uses PostgreSQL as its database.');
  expect(sessionsOf(ops).every((s) => s === 'ops')).toBe(true);
});
