/**
 * Fault injection (a short seeded slice of `npm run bench:reliability`): SIGKILL at random and
 * at the worst moments (import, export, consolidation, index save, the CLI mid-export/import),
 * a disk that fills, and truncated or corrupted HNSW and word-vector cache files.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskFull } from '../bench/reliability/lib/disk-full.js';
import { killSoak } from '../bench/reliability/lib/kill-soak.js';
import { createSqliteProvider, openMemory } from '../src/index.js';
import { loadGloveTable } from '../src/models/embedders/index.js';
import { vectorIndexWarnings } from '../src/store/sqlite/vector-index-warnings.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';

const dirs: string[] = [];
const temp = (p: string) => {
  const d = mkdtempSync(path.join(tmpdir(), p));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('faults', () => {
  it('SIGKILL at random moments: every acknowledged write once, jobs finish, integrity ok', async () => {
    const r = await killSoak(temp('mnemo-kill-'), { kills: 4, seed: 11, maxDelayMs: 1500, pace: 2 });
    expect(r.acknowledged.messages + r.acknowledged.memories).toBeGreaterThan(20);
    expect(r.lost).toEqual([]);
    expect(r.duplicated).toEqual([]);
    expect(r.integrityFailures).toBe(0);
    expect(r.exportFileBroken).toBe(false);
    expect(r.jobsLeft).toEqual({ pending: 0, running: 0, failed: 0 });
    expect(r.recallWorks).toBe(true);
  }, 60_000);

  it('a disk that fills: a clear error, nothing lost or half-written, and writes resume with space', () => {
    const r = diskFull(temp('mnemo-disk-'));
    expect(r.acknowledged).toBeGreaterThan(10);
    expect(r.failure?.code).toBe('unavailable');
    expect(r.failure?.message).toMatch(/full|space|disk|limit/);
    expect(r.missingAfter).toBe(0);
    expect(r.integrity).toBe('ok');
    expect(r.partialExport).toBe(false);
    expect(r.leftovers).toEqual([]);
    expect(r.recovered).toBe(true);
    expect(r.jobs.failed ?? 0).toBe(0);
  }, 60_000);

  it('truncated or corrupted HNSW files are detected, logged and rebuilt', async () => {
    const dataDir = temp('mnemo-hnsw-');
    const open = () => {
      const events: VectorIndexEvent[] = [];
      const warnings: string[] = [];
      const log = vectorIndexWarnings((m) => warnings.push(m));
      const mem = openMemory({
        store: createSqliteProvider({ dataDir, annThreshold: 60, onVectorIndexEvent: (e) => (events.push(e), log(e)) }),
        embedder: { kind: 'hashing' }, worker: { background: false }, onWarning: (m) => warnings.push(m),
      });
      return { mem, events, warnings };
    };
    const until = async (events: VectorIndexEvent[], name: string) => {
      for (let i = 0; i < 200 && !events.some((e) => e.event === name); i++) await new Promise((r) => setTimeout(r, 50));
      expect(events.map((e) => e.event)).toContain(name);
    };
    const a = open();
    const p = a.mem.profile('v');
    for (let i = 0; i < 120; i++) await p.remember({ content: `Host ${i} in rack ${i % 7} serves region ${i % 5} behind balancer ${i % 3}.` });
    await p.drain();
    await p.recall('which host serves region 3?');
    await until(a.events, 'ann-save');
    await a.mem.close();

    const files = readdirSync(path.join(dataDir, 'profiles'));
    const graph = path.join(dataDir, 'profiles', files.find((f) => f.endsWith('.usearch'))!);
    truncateSync(graph, Math.floor(statSync(graph).size / 2));
    const b = open();
    const hits = await b.mem.profile('v').recall('which host serves region 3?');
    expect(hits.memories.length).toBeGreaterThan(0); // search works on the exact index meanwhile
    expect(b.events.find((e) => e.event === 'ann-reject')?.detail).toMatch(/checksum|truncat|size/);
    expect(b.warnings.join('\n')).toMatch(/vector index files rejected/);
    await until(b.events, 'ann-save');
    await b.mem.close();

    const manifest = path.join(dataDir, 'profiles', readdirSync(path.join(dataDir, 'profiles')).find((f) => f.endsWith('.hnsw'))!);
    writeFileSync(manifest, '{"format": garbage');
    const c = open();
    await c.mem.profile('v').recall('which host serves region 3?');
    expect(c.events.map((e) => e.event)).toContain('ann-reject');
    await until(c.events, 'ann-save');
    await c.mem.close();

    const d = open(); // rebuilt files load cleanly
    await d.mem.profile('v').recall('which host serves region 3?');
    expect(d.events.map((e) => e.event)).toContain('ann-load');
    expect(d.events.map((e) => e.event)).not.toContain('ann-reject');
    await d.mem.close();
  }, 60_000);

  it('a truncated word-vector cache file is detected, logged and rebuilt', async () => {
    const cacheDir = temp('mnemo-glove-');
    const first = await loadGloveTable({ cacheDir, maxWords: 2_000 });
    expect(first.converted).toBe(true);
    truncateSync(first.file, Math.floor(statSync(first.file).size / 3));
    const warnings: string[] = [];
    const again = await loadGloveTable({ cacheDir, maxWords: 2_000, onWarning: (m) => warnings.push(m) });
    expect(again.converted).toBe(true);
    expect(warnings.join('\n')).toMatch(/word-vector cache .* unreadable .*rebuilding/);
    expect(again.table.words).toEqual(first.table.words);
    expect((await loadGloveTable({ cacheDir, maxWords: 2_000 })).converted).toBe(false);
  }, 60_000);
});
