/** A consolidation killed with SIGKILL mid-run leaves no half state, and a restart finishes it exactly. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticMemories } from '../src/bench/consolidation/synthetic.js';
import { openMemory } from '../src/index.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import type { Memory } from '../src/types.js';

const child = fileURLToPath(new URL('./support/consolidate-child.mjs', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mnemo-sleep-crash-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const MEMORIES = syntheticMemories({ memories: 2_000, seed: 11 });

async function seed(dataDir: string): Promise<void> {
  const provider = createSqliteProvider({ dataDir });
  const store = await provider.open('crash');
  for (let i = 0; i < MEMORIES.length; i += 2000) await store.writeMemories(MEMORIES.slice(i, i + 2000));
  await provider.close();
}


/** Starts the child and SIGKILLs it once it has committed some groups; resolves with how many. */
function consolidateAndKill(dataDir: string, after: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const db = new Database(path.join(dataDir, 'profiles', 'crash.db'), { readonly: true, fileMustExist: true });
    const count = db.prepare('SELECT count(*) AS n FROM consolidation_groups');
    let killedAt = -1;
    const timer = setInterval(() => {
      const n = (count.get() as { n: number }).n;
      if (n >= after && proc.exitCode === null) {
        killedAt = n;
        proc.kill('SIGKILL');
        clearInterval(timer);
      }
    }, 5);
    proc.on('error', reject);
    proc.on('exit', () => {
      clearInterval(timer);
      db.close();
      resolve(killedAt);
    });
  });
}

async function finalState(dataDir: string): Promise<Memory[]> {
  const mem = openMemory({ dataDir, embedder: false, worker: { background: false, leaseMs: 500 } });
  await new Promise((r) => setTimeout(r, 600)); // the dead worker's lease expires
  const p = mem.profile('crash');
  await p.drain();
  const again = await p.consolidate();
  expect(again.report).toMatchObject({ stale: 0 });
  const dump = await p.export();
  await mem.close();
  return dump.memories;
}

describe('consolidation crash safety', () => {
  it('after a SIGKILL mid-run: no half state, and a restart ends exactly where an uninterrupted run does', async () => {
    const crashed = tempDir();
    await seed(crashed);
    const killedAt = await consolidateAndKill(crashed, 20);
    expect(killedAt).toBeGreaterThanOrEqual(20); // it was killed mid-run, not after finishing

    // No half state: every committed group points at a stored memory, every superseded row at a stored successor.
    const db = new Database(path.join(crashed, 'profiles', 'crash.db'), { readonly: true });
    const dangling = db.prepare(`SELECT count(*) AS n FROM consolidation_groups g WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = g.memory_id)`).get() as { n: number };
    const orphans = db.prepare(`SELECT count(*) AS n FROM memories s WHERE s.superseded_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = s.superseded_by)`).get() as { n: number };
    const unrecorded = db.prepare(`SELECT count(*) AS n FROM memories m WHERE m.derived_from <> '[]' AND NOT EXISTS (SELECT 1 FROM consolidation_groups g WHERE g.memory_id = m.id)`).get() as { n: number };
    db.close();
    expect([dangling.n, orphans.n, unrecorded.n]).toEqual([0, 0, 0]);

    const reference = tempDir();
    await seed(reference);
    const [got, want] = [await finalState(crashed), await finalState(reference)];
    const key = (m: Memory) => `${m.id}|${m.status}|${m.supersededBy ?? ''}`;
    expect(got.map(key).sort()).toEqual(want.map(key).sort());

    // No duplicates: one active derived memory per member set. No lost sources: every original source is still held by an active memory.
    const active = got.filter((m) => m.status === 'active');
    const sets = active.filter((m) => m.derivedFrom.length).map((m) => [...m.derivedFrom].sort().join(','));
    expect(new Set(sets).size).toBe(sets.length);
    const held = new Set(active.flatMap((m) => m.sourceMessageIds));
    const stored = new Set(got.map((m) => m.id)); // seeding skips a restatement identical to an active memory
    const lost = MEMORIES.filter((m) => stored.has(m.id)).flatMap((m) => m.sourceMessageIds).filter((s) => !held.has(s));
    expect(lost).toEqual([]);
  });
});
