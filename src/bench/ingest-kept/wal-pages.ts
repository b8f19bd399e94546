/**
 * Pages a SQLite log holds since its last reset, by the table or index each page belongs to now
 * (a page freed and reused meanwhile counts for its new owner): what a run of writes cost in pages.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';

export interface WalPages {
  frames: number;
  commits: number;
  distinct: number;
  byOwner: { name: string; frames: number; distinct: number }[];
}

export function walPages(dbPath: string): WalPages {
  const wal = readFileSync(`${dbPath}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const [salt1, salt2] = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  const frames: number[] = [];
  let commits = 0;
  // Frames of the current log carry its salts; stale ones past them (a reused file) do not.
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt1 || wal.readUInt32BE(at + 12) !== salt2) break;
    frames.push(wal.readUInt32BE(at));
    if (wal.readUInt32BE(at + 4) !== 0) commits++;
  }
  const db = new Database(dbPath, { readonly: true });
  const owner = new Map<number, string>();
  try {
    for (const r of db.prepare('SELECT name, pageno FROM dbstat').iterate() as Iterable<{ name: string; pageno: number }>) owner.set(r.pageno, r.name);
  } finally {
    db.close();
  }
  const by = new Map<string, { frames: number; pages: Set<number> }>();
  for (const page of frames) {
    const name = owner.get(page) ?? (page === 1 ? 'header' : 'free');
    const entry = by.get(name) ?? { frames: 0, pages: new Set<number>() };
    entry.frames++;
    entry.pages.add(page);
    by.set(name, entry);
  }
  return {
    frames: frames.length,
    commits,
    distinct: new Set(frames).size,
    byOwner: [...by].map(([name, e]) => ({ name, frames: e.frames, distinct: e.pages.size })).sort((a, b) => b.frames - a.frames),
  };
}
