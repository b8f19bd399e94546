import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import type { QueryAnalyzer } from '../src/recall/analyzer.js';
import type { Candidate } from '../src/recall/candidate.js';
import { memoriesBeforeSources } from '../src/recall/memory-first.js';
import { createOfflineAnalyzer } from '../src/recall/offline-analyzer.js';
import type { Memory } from '../src/types.js';

const CHAT = [
  'hey, fyi we use pnpm now, we switched from npm',
  'Sure, I will use pnpm for every install.',
  'Our database is Postgres 15 and the backend runs on Node 20.',
  'always run the linter before deploy',
];

/** The offline analyzer plus a fixed synonym list, as a model analyzer would return one. */
function withSynonyms(synonyms: Record<string, string[]>): QueryAnalyzer {
  const offline = createOfflineAnalyzer();
  return {
    id: 'offline+synonyms',
    async analyze(query, ctx) {
      const a = await offline.analyze(query, ctx);
      return { ...a, expansions: a.terms.flatMap((t) => synonyms[t] ?? []) };
    },
  };
}

let dir: string;
let mem: MnemoApi;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mnemo-memfirst-'));
  mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, analyzer: withSynonyms({ datastore: ['database', 'postgres'] }) });
  await mem.profile('dev').ingest(
    CHAT.map((content, i) => ({ role: i === 1 ? ('assistant' as const) : ('user' as const), content, timestamp: `2026-04-1${i}T10:00:00Z` })),
    { sessionId: 's1', wait: true },
  );
});
afterAll(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a matching memory is the answer’s source', () => {
  it('answers from the memory, not from the turn it came from', async () => {
    const r = await mem.profile('dev').recall('what database does the backend use?');
    expect(r.memories.map((m) => m.topicKey)).toContain('project.database');
    expect(r.answer).toMatch(/^User's database is Postgres 15/);
  });

  it('answers from a memory whose topic key the question matched, over another turn saying less', async () => {
    const r = await mem.profile('dev').recall('which package manager do we use?');
    expect(r.answer).toMatch(/^User and team use pnpm now/);
  });

  it('lifts only memories the question itself found, never past other turns', () => {
    const memory = (id: string, sources: string[]) => ({ id, sourceMessageIds: sources }) as unknown as Memory;
    const ranked: Candidate[] = [
      { kind: 'message', id: 'other', hits: [], score: 3, own: 3 },
      { kind: 'message', id: 'src', hits: [], score: 2, own: 2 },
      { kind: 'memory', id: 'found', memory: memory('found', ['src']), hits: [{ channel: 'fulltext', rank: 1, score: 1 }], score: 1, own: 1 },
      { kind: 'memory', id: 'vector-only', memory: memory('vector-only', ['src']), hits: [{ channel: 'vector', rank: 1, score: 1 }], score: 0.5, own: 0.5 },
    ];
    const out = memoriesBeforeSources(ranked).sort((a, b) => b.score - a.score).map((c) => c.id);
    expect(out).toEqual(['other', 'found', 'src', 'vector-only']);
  });

  it('never lifts a memory past one the question’s topic key found', () => {
    const memory = (id: string, sources: string[]) => ({ id, sourceMessageIds: sources }) as unknown as Memory;
    const ranked: Candidate[] = [
      { kind: 'message', id: 'src', hits: [], score: 2, own: 2 },
      { kind: 'memory', id: 'keyed', memory: memory('keyed', []), hits: [{ channel: 'topic_key', rank: 1, score: 1 }], score: 1.5, own: 1.5 },
      { kind: 'memory', id: 'weak', memory: memory('weak', ['src']), hits: [{ channel: 'fulltext', rank: 2, score: 0.1 }], score: 0.4, own: 0.4 },
    ];
    const out = memoriesBeforeSources(ranked).sort((a, b) => b.score - a.score).map((c) => c.id);
    expect(out).toEqual(['src', 'keyed', 'weak']);
  });
});

describe('synonyms from query analysis are searched', () => {
  it('finds a memory and a turn only a synonym names, marked as full-text and message hits', async () => {
    const r = await mem.profile('dev').recall('which datastore?');
    expect(r.memories.map((m) => m.topicKey)).toContain('project.database');
    expect(r.messages.map((m) => m.content)).toContain(CHAT[2]);
    expect(r.memories[0]!.channels.map((c) => c.channel)).toContain('fulltext');
  });
});
