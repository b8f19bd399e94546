import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { vectorIndexWarnings } from '../src/store/sqlite/vector-index-warnings.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { Store } from '../src/store/store.js';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'index-crash-child.mjs');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mnemo-index-crash-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the child until `killWhen` says so for a line it printed, then SIGKILLs it; resolves with its lines. */
function runAndKill(args: string[], killWhen: (line: string, lines: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let buf = '';
    proc.stdout.on('data', (d: Buffer) => {
      const parts = (buf + d.toString()).split('\n');
      buf = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (proc.exitCode === null && killWhen(line, lines)) proc.kill('SIGKILL');
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(lines));
  });
}

/** The searchable memory vectors, read straight from the table. */
function tableVectors(dataDir: string): Map<string, Float32Array> {
  const db = new Database(path.join(dataDir, 'profiles', 'p.db'), { readonly: true });
  try {
    const rows = db.prepare(`SELECT m.id, v.vector FROM memory_vectors v JOIN memories m ON m.rid = v.rid
      WHERE m.status = 'active'`).all() as { id: string; vector: Buffer }[];
    return new Map(rows.map((r) => [r.id, new Float32Array(r.vector.buffer.slice(r.vector.byteOffset, r.vector.byteOffset + r.vector.byteLength))]));
  } finally {
    db.close();
  }
}

async function open(dataDir: string, loadIndexes?: 'warm') {
  const events: VectorIndexEvent[] = [];
  const warnings: string[] = [];
  const log = vectorIndexWarnings((m) => warnings.push(m));
  const provider = createSqliteProvider({ dataDir, annThreshold: 300, loadIndexes, onVectorIndexEvent: (e) => { events.push(e); log(e); } });
  return { provider, store: await provider.open('p'), events, warnings };
}

/**
 * Sampled stored vectors find themselves first, and the top 10 mostly agree with an exact scan.
 * An approximate (HNSW) graph may miss a vector's own entry now and then, and its multi-threaded
 * build is not deterministic, so both are shares held to `minRecall`, not every sample.
 */
async function expectAnswers(store: Store, table: Map<string, Float32Array>, minRecall: number): Promise<void> {
  const ids = [...table.keys()];
  let found = 0;
  let selfFirst = 0;
  for (let i = 0; i < 30; i++) {
    const id = ids[(i * 7919) % ids.length];
    const q = table.get(id)!;
    const hits = await store.searchVectors(q, { kind: 'memory', limit: 10 });
    expect(hits.length).toBe(10);
    if (hits[0].item.id === id) selfFirst++;
    const exact = ids.map((other) => ({ other, s: table.get(other)!.reduce((s, x, d) => s + x * q[d], 0) }))
      .sort((a, b) => b.s - a.s).slice(0, 10).map((x) => x.other);
    found += hits.filter((h) => exact.includes(h.item.id)).length;
  }
  expect(selfFirst / 30).toBeGreaterThanOrEqual(minRecall);
  expect(found / 300).toBeGreaterThanOrEqual(minRecall);
}

describe('a kill -9 during vector index work', () => {
  it('during a background HNSW build: the store opens, answers, and rebuilds the index, saying so', async () => {
    const dataDir = tempDir();
    const lines = await runAndKill([dataDir, 'build', '4000'], (line) => line === 'event ann-build');
    expect(lines).toContain('filled');
    const table = tableVectors(dataDir);
    expect(table.size).toBe(4000);

    // A one-shot reader: nothing saved to view, so it searches exactly.
    const cold = await open(dataDir, 'warm');
    await expectAnswers(cold.store, table, 0.99);
    expect(cold.events.map((e) => e.event)).not.toContain('ann-build');
    await cold.provider.close();

    const server = await open(dataDir);
    await server.store.warm!();
    expect(server.events.map((e) => e.event)).toEqual(expect.arrayContaining(['ann-build', 'ann-built', 'ann-save']));
    expect(server.warnings.join('\n')).toMatch(/memory vector index: no saved index to load; building it from the database/);
    await expectAnswers(server.store, table, 0.9);
    await server.provider.close();
  });

  it('during repeated index saves: the store opens on whole files (or rebuilds, saying so) and answers', async () => {
    const dataDir = tempDir();
    await runAndKill([dataDir, 'build', '3000'], (line) => line === 'warm');
    let saves = 0;
    const stopAfter = 2 + Math.floor(Math.random() * 3);
    const lines = await runAndKill([dataDir, 'save', '3000'], (line) => line === 'event ann-save' && ++saves >= stopAfter);
    expect(lines.filter((l) => l.startsWith('round ')).length).toBeGreaterThan(0);
    const table = tableVectors(dataDir);

    // The view replays the vectors changed since the last whole save.
    const cold = await open(dataDir, 'warm');
    await expectAnswers(cold.store, table, 0.9);
    const coldEvents = cold.events.map((e) => e.event);
    expect(coldEvents[0] === 'ann-view' || coldEvents[0] === 'ann-reject').toBe(true);
    await cold.provider.close();

    const server = await open(dataDir);
    await server.store.warm!();
    const events = server.events.map((e) => e.event);
    if (events[0] === 'ann-reject') {
      expect(server.warnings.join('\n')).toMatch(/vector index files rejected .* rebuilding/);
      expect(events).toContain('ann-built');
    } else {
      // Viewed, or loaded when more rows changed since the last whole save than a view takes.
      expect(['ann-view', 'ann-load']).toContain(events[0]);
    }
    await expectAnswers(server.store, table, 0.9);
    await server.provider.close();
  });
});

describe('a kill -9 during a full-text index save', () => {
  it('leaves the previous snapshot or a whole new one: the store opens, ranks as FTS5 does, and says when it rebuilds', async () => {
    const dataDir = tempDir();
    let saves = 0;
    const stopAfter = 2 + Math.floor(Math.random() * 3);
    const lines = await runAndKill([dataDir, 'text', '3000'], (line) => line === 'event text-save' && ++saves >= stopAfter);
    expect(lines).toContain('warm');
    expect(saves).toBeGreaterThanOrEqual(stopAfter);
    const events: string[] = [];
    const warnings: string[] = [];
    const provider = createSqliteProvider({
      dataDir, textSnapshots: { minRows: 500 },
      onTextIndexEvent: (e) => { events.push(e.event); if (e.event === 'text-reject') warnings.push(e.detail ?? ''); },
    });
    const store = await provider.open('p');
    await store.warm!();
    // A save cut short leaves only its temp file: the last whole snapshot is what a new process finds.
    expect(events[0]).toBe('text-restore');
    expect(warnings).toEqual([]);
    const fts = openSqliteStore(path.join(dataDir, 'profiles', 'p.db'), 'p', { textIndex: false });
    for (let w = 0; w < 40; w++) {
      const terms = [`w${(w * 37) % 1009}`, `topic`, `round`];
      const [want, got] = [await fts.searchMemories({ terms }, { limit: 10 }), await store.searchMemories({ terms }, { limit: 10 })];
      expect(got.map((h) => h.score.toFixed(4))).toEqual(want.map((h) => h.score.toFixed(4)));
    }
    await fts.close();
    await provider.close();
  });
});
