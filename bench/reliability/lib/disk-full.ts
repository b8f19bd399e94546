/**
 * A disk that fills: the profile lives on a small tmpfs (when this process may mount one, as
 * root usually can) or under a file-size limit (`ulimit -f`) otherwise. Writes must fail with a
 * clear error, nothing acknowledged may be lost, nothing half-written may remain (database
 * integrity, no partial export file), and writes must work again once there is space.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const CHILD = fileURLToPath(new URL('./disk-full-child.mjs', import.meta.url));

export interface DiskFullResult {
  mode: 'tmpfs' | 'ulimit';
  acknowledged: number;
  /** As the adapters report it (code, message), with the system's own code in `raw`. */
  failure: { code?: string; message?: string; raw?: string } | null;
  exportFailure: { code?: string; message?: string; raw?: string } | null;
  partialExport: boolean;
  leftovers: string[];
  missingAfter: number;
  integrity: string;
  recovered: boolean;
  jobs: Record<string, number>;
}

function tryMount(dir: string, mb: number): boolean {
  mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
}

function child(args: string[], limitKb?: number): Record<string, unknown> {
  const cmd = limitKb ? ['bash', ['-c', `ulimit -f ${limitKb}; exec "${process.execPath}" "${CHILD}" ${args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ')}`]] as const : [process.execPath, [CHILD, ...args]] as const;
  const out = execFileSync(cmd[0], [...cmd[1]], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

export function diskFull(root: string, mb = 6, opts: { noMount?: boolean } = {}): DiskFullResult {
  const mnt = path.join(root, 'disk');
  const mounted = !opts.noMount && tryMount(mnt, mb);
  const dataDir = path.join(mnt, 'data');
  try {
    const fill = child(['fill', dataDir], mounted ? undefined : mb * 1024) as { acked: unknown[]; failure: DiskFullResult['failure']; exportFailure: DiskFullResult['exportFailure']; exportExists: boolean; leftovers: string[] };
    if (mounted) execFileSync('mount', ['-o', `remount,size=${mb * 8}m`, mnt]); // space returns
    const after = child(['recover', dataDir, JSON.stringify(fill.acked)]) as { missing: number; recovered: boolean; jobs: Record<string, number> };
    const db = new Database(path.join(dataDir, 'profiles', 'full.db'), { readonly: true });
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'unknown';
    db.close();
    return {
      mode: mounted ? 'tmpfs' : 'ulimit', acknowledged: fill.acked.length, failure: fill.failure, exportFailure: fill.exportFailure,
      partialExport: fill.exportFailure !== null && fill.exportExists, leftovers: fill.leftovers, missingAfter: after.missing, integrity, recovered: after.recovered, jobs: after.jobs,
    };
  } finally {
    if (mounted) spawnSync('umount', ['-l', mnt], { stdio: 'ignore' });
  }
}
