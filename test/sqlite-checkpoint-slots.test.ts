/**
 * The one checkpoint thread of a process serves a fixed number of writers at once: a writer that
 * closes gives its place back, whether it closed before or after the thread opened its file.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Connection } from '../src/store/sqlite/connection.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-checkpoint-slots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('serves a writer opened after more than its slots\' worth of others came and went', async () => {
  const file = path.join(dir, 'reused.db');
  for (let i = 0; i < 300; i++) {
    const conn = new Connection(file);
    conn.db.exec('CREATE TABLE IF NOT EXISTS t (x BLOB)');
    conn.write(() => conn.run('INSERT INTO t VALUES (randomblob(10))'));
    if (i % 3 === 0) await new Promise((r) => setTimeout(r, 5));
    conn.close();
  }
  const conn = new Connection(file);
  const before = statSync(file).size;
  // 2 MB, far below the writer's own checkpoint threshold: only the thread can copy it into the file.
  for (let batch = 0; batch < 20; batch++) conn.write(() => { for (let i = 0; i < 100; i++) conn.run('INSERT INTO t VALUES (randomblob(1000))'); });
  let grown = false;
  for (const end = Date.now() + 15_000; !grown && Date.now() < end; await new Promise((r) => setTimeout(r, 20))) grown = statSync(file).size >= before + 2_000_000;
  expect(grown).toBe(true);
  conn.close();
  const db = new Database(file, { readonly: true });
  expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2300 });
  db.close();
});
