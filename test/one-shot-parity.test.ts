/**
 * A one-shot `mnemo recall` (FTS5, tiers read per question, no index loaded) returns the same
 * memories and messages, in the same order, as a server answering from its loaded in-memory
 * indexes, on a generated profile of a few thousand memories with vectors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProfile } from '../src/bench/perf/build-profile.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { openMemory } from '../src/index.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import { runCli } from './fixtures/cli/run-cli.js';

const SIZE = 2_000;
const QUESTIONS = recallQuestions(7, SIZE, 12).map((q) => q.query);
const DATE = '2026-06-01';

let dataDir: string;
/** The server's answers: ids of memories and messages, in rank order. */
let served: string[][][];

const idsOf = (r: { memories: { id: string }[]; messages: { id: string }[] }) => [r.memories.map((m) => m.id), r.messages.map((m) => m.id)];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mnemo-one-shot-'));
  const embedder = new HashingEmbedder();
  const builder = createSqliteProvider({ dataDir });
  await buildProfile(await builder.open('perf'), embedder, { seed: 7, size: SIZE });
  await builder.close();
  const server = openMemory({ dataDir, embedder, worker: { background: false }, recallCacheMs: 0 });
  const profile = server.profile('perf');
  await profile.warm();
  served = [];
  for (const q of QUESTIONS) served.push(idsOf(await profile.recall(q, { referenceDate: DATE })));
  await server.close();
}, 120_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('one-shot recall matches a server with loaded indexes', () => {
  it('the library opened for one command (loadIndexes "warm") returns the same ids for every question', async () => {
    expect(served.some(([memories]) => memories.length > 0)).toBe(true);
    const once = openMemory({ dataDir, embedder: new HashingEmbedder(), worker: { background: false }, loadIndexes: 'warm', recallCacheMs: 0 });
    const profile = once.profile('perf');
    try {
      for (let i = 0; i < QUESTIONS.length; i++) expect(idsOf(await profile.recall(QUESTIONS[i], { referenceDate: DATE })), QUESTIONS[i]).toEqual(served[i]);
    } finally {
      await once.close();
    }
  });

  it('the built `mnemo recall` returns the same ids', async () => {
    for (const i of [0, 1]) {
      const r = await runCli(['recall', QUESTIONS[i], '--profile', 'perf', '--date', DATE, '--json'], { dataDir });
      expect(r.code, r.stderr).toBe(0);
      expect(idsOf(r.json()), QUESTIONS[i]).toEqual(served[i]);
    }
  }, 60_000);
});
