/**
 * Scope-filter benchmark on the SQLite store: `list({ userId })`, `list({ userId, metadata })`
 * and a bulk-write baseline, with the scope indexes (as shipped) and, in the same run, after
 * dropping them (the baseline: a scan of the profile's rows).
 *   npx tsx bench/filter-perf.ts [--memories 50000] [--users 500] [--queries 200]
 * Data: synthetic memories spread over `users` user ids, 20 agents, metadata {priority 0-9, team}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parseFilter } from '../src/filters/parse.js';
import { randomId } from '../src/ids.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import type { NewMemory } from '../src/types.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('memories', 50_000);
const USERS = arg('users', 500);
const Q = arg('queries', 200);

const dir = mkdtempSync(join(tmpdir(), 'mnemo-filter-perf-'));
try {
  let provider = createSqliteProvider({ dataDir: dir });
  let store = await provider.open('bench');
  const t0 = performance.now();
  for (let i = 0; i < N; i += 1000) {
    const batch: NewMemory[] = [];
    for (let j = i; j < Math.min(N, i + 1000); j++) {
      batch.push({
        id: randomId(), type: 'fact', content: `Synthetic memory ${j} about item ${j * 7919 % 100_003}`, topicKey: null, eventTime: null,
        sessionId: null, sourceMessageIds: [], queries: [], tags: [], importance: 0.5,
        userId: `user-${j % USERS}`, agentId: `agent-${j % 20}`, metadata: { priority: j % 10, team: j % 3 === 0 ? 'red' : 'blue' },
        createdAt: new Date(Date.UTC(2026, 0, 1) + j * 1000).toISOString(),
      });
    }
    await store.writeMemories(batch);
  }
  console.log(`wrote ${N} memories for ${USERS} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const cases = {
    'list userId (limit 20)': parseFilter({ userId: 'user-7' }),
    'list userId + metadata.priority>=8 + team': parseFilter({ userId: 'user-7', 'metadata.priority': { gte: 8 }, 'metadata.team': 'red' }),
    'list metadata.team only': parseFilter({ 'metadata.team': 'red', 'metadata.priority': 9 }),
  };
  const measure = async (label: string) => {
    for (const [name, where] of Object.entries(cases)) {
      const times: number[] = [];
      for (let q = 0; q < Q; q++) {
        const t = performance.now();
        await store.listMemories({ status: 'active', limit: 20, where });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))].toFixed(3);
      console.log(`${label.padEnd(20)} ${name.padEnd(44)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
    }
  };
  await measure('indexed');
  await provider.close();
  const db = new Database(join(dir, 'profiles', 'bench.db'));
  for (const index of ['memories_user', 'memories_agent', 'memories_run']) db.exec(`DROP INDEX IF EXISTS ${index}`);
  db.close();
  provider = createSqliteProvider({ dataDir: dir });
  store = await provider.open('bench');
  await measure('no index (baseline)');
  await provider.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
