/**
 * Fault injection (a short seeded slice of `npm run bench:reliability`): SIGKILL at random and
 * at the worst moments (import, export, consolidation, index save, the CLI mid-export/import),
 * a disk that fills, and truncated or corrupted HNSW and word-vector cache files.
 */
import { mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskFull } from '../bench/reliability/lib/disk-full.js';
import { corruptionTrials } from '../bench/reliability/lib/index-corruption.js';
import { killSoak } from '../bench/reliability/lib/kill-soak.js';
import { loadGloveTable } from '../src/models/embedders/index.js';

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
    expect(r.acknowledged.messages + r.acknowledged.memories).toBeGreaterThanOrEqual(4); // at least one per killed process
    expect(r.lost).toEqual([]);
    expect(r.duplicated).toEqual([]);
    expect(r.integrityFailures).toBe(0);
    expect(r.exportFileBroken).toBe(false);
    expect(r.jobsLeft).toEqual({ pending: 0, running: 0, failed: 0 });
    expect(r.recallWorks).toBe(true);
  });

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
  });

  it('truncated or corrupted HNSW files are detected, logged and rebuilt', async () => {
    const r = await corruptionTrials(temp('mnemo-hnsw-'), { trials: 4, seed: 5 });
    expect(r.trials).toBe(4);
    expect(r).toMatchObject({ detected: 4, logged: 4, searchedMeanwhile: 4, rebuiltAndLoaded: 4 });
  });

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
  });
});
