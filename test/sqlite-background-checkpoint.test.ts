/**
 * Writers' logs are copied back into their database files by another thread, so a busy writer
 * never stalls in a checkpoint inside its COMMIT; closing still leaves one file with every row.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Connection } from '../src/store/sqlite/connection.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 2000;
const ROW_BYTES = 1000;

function writeRows(conn: Connection): void {
  conn.db.exec('CREATE TABLE IF NOT EXISTS t (x BLOB)');
  for (let batch = 0; batch < 20; batch++) {
    conn.write(() => {
      for (let i = 0; i < ROWS / 20; i++) conn.run('INSERT INTO t VALUES (randomblob(?))', ROW_BYTES);
    });
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (condition()) return true;
  return condition();
}

it('copies committed pages into each writer\'s database file while the writers keep their connections open', async () => {
  const files = ['busy-a.db', 'busy-b.db'].map((f) => path.join(dir, f));
  // Twice on the same file: a writer opened after another closed gets its pages copied too.
  for (let round = 0; round < 2; round++) {
    const conns = files.map((f) => new Connection(f));
    const before = files.map((f) => statSync(f).size);
    conns.forEach(writeRows);
    // Far fewer pages than the writers' own checkpoint threshold: only the thread can have copied them.
    for (const [i, f] of files.entries()) expect(await until(() => statSync(f).size >= before[i]! + ROWS * ROW_BYTES, 15_000)).toBe(true);
    conns.forEach((c) => c.close());
  }
});

it('closes last, so the log is folded in and removed and every row is in the file', () => {
  const file = path.join(dir, 'closed.db');
  const conn = new Connection(file);
  writeRows(conn);
  conn.close();
  expect(existsSync(`${file}-wal`)).toBe(false);
  const db = new Database(file, { readonly: true });
  expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: ROWS });
  db.close();
});

it('can be turned off: then nothing reaches the file before the writer checkpoints', async () => {
  const file = path.join(dir, 'off.db');
  const conn = new Connection(file, { backgroundCheckpoints: false });
  conn.db.pragma('wal_autocheckpoint = 0');
  const before = statSync(file).size;
  writeRows(conn);
  await new Promise((r) => setTimeout(r, 600));
  expect(statSync(file).size).toBe(before);
  conn.close();
});
