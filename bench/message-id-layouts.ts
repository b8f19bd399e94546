/**
 * Log pages written by ingest-sized commits (100 messages each) into a messages table of N rows,
 * for the unique index on the content-addressed id in several layouts: what a schema change of
 * that index would save. One table per layout in a scratch database, filled in one transaction,
 * checkpointed, then 10 commits of 100 new ids counted in the log.
 *   npx tsx bench/message-id-layouts.ts [--sizes 100k,1m] [--commits 10] [--batch 100]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { hashId } from '../src/ids.js';

const args = benchArgs('bench/message-id-layouts', 'npx tsx bench/message-id-layouts.ts [--sizes 100k,1m] [--commits 10] [--batch 100]', {
  sizes: { type: 'string', default: '100k,1m' },
  commits: { type: 'string', default: '10' },
  batch: { type: 'string', default: '100' },
});
const [commits, batch] = [args.whole('commits', 1), args.whole('batch', 1)];

type Key = (hex: string) => string | Buffer | bigint;
const layouts: { name: string; table: string; key: Key; withoutRowid?: boolean }[] = [
  { name: 'TEXT hex, UNIQUE (today)', table: 'seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT', key: (h) => h },
  { name: 'BLOB(16), UNIQUE', table: 'seq INTEGER PRIMARY KEY AUTOINCREMENT, id BLOB NOT NULL UNIQUE, body TEXT', key: (h) => Buffer.from(h, 'hex') },
  { name: 'first 64 bits as INTEGER, UNIQUE', table: 'seq INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER NOT NULL UNIQUE, body TEXT', key: (h) => BigInt.asIntN(64, BigInt(`0x${h.slice(0, 16)}`)) },
  // Rows in id order; the row key (FTS rowid, vector keys, session order) then needs an index of its own.
  { name: 'WITHOUT ROWID keyed by TEXT id', table: 'id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, body TEXT', key: (h) => h, withoutRowid: true },
];
// About a chat turn's length; the id of row i is the hash of its text, as for a message.
const body = (i: number) => `turn ${i}: ${'we should move the deploy to friday because staging is flaky. '.repeat(2)}`;

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-id-layouts-'));
try {
  console.log(`| layout | rows | log pages per ${commits} commits of ${batch} | index + table pages |`);
  console.log('|---|---:|---:|---:|');
  for (const size of args.sizes('sizes')) {
    for (const [n, layout] of layouts.entries()) {
      const db = new Database(path.join(dir, `${size}-${n}.db`));
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec(`CREATE TABLE m (${layout.table})${layout.withoutRowid ? ' WITHOUT ROWID' : ''}`);
      const insert = db.prepare('INSERT OR IGNORE INTO m (id, seq, body) VALUES (?, ?, ?)');
      const put = (i: number) => insert.run(layout.key(hashId('s', 'user', body(i))), i + 1, body(i));
      db.transaction(() => { for (let i = 0; i < size; i++) put(i); })();
      db.pragma('wal_checkpoint(TRUNCATE)');
      for (let c = 0; c < commits; c++) db.transaction(() => { for (let i = 0; i < batch; i++) put(size + c * batch + i); })();
      const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      const pages = db.prepare('PRAGMA page_count').pluck().get() as number;
      console.log(`| ${layout.name} | ${size.toLocaleString('en-US')} | ${log.toLocaleString('en-US')} | ${pages.toLocaleString('en-US')} |`);
      db.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
