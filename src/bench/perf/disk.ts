/** Bytes on disk of a profile: the database file, its WAL and shared memory, and any index files beside it. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface DiskUsage {
  db: number;
  wal: number;
  /** -shm and any other `<name>.db*` file (e.g. a persisted vector index). */
  other: number;
  total: number;
}

export function profileDiskUsage(dbPath: string): DiskUsage {
  const dir = dirname(dbPath);
  const base = basename(dbPath);
  const usage: DiskUsage = { db: 0, wal: 0, other: 0, total: 0 };
  if (!existsSync(dir)) return usage;
  for (const f of readdirSync(dir)) {
    if (!f.startsWith(base)) continue;
    const size = statSync(join(dir, f)).size;
    if (f === base) usage.db += size;
    else if (f === `${base}-wal`) usage.wal += size;
    else usage.other += size;
    usage.total += size;
  }
  return usage;
}
