/**
 * Looks for secrets everywhere a profile keeps text: every text column of every table of the
 * SQLite file (messages, memories, audit, jobs and their payloads, logs), the full-text indexes
 * (by MATCH, since external-content FTS keeps only tokens), and any extra text (logs, exports).
 */
import Database from 'better-sqlite3';
import { leaks } from '../../../test/fixtures/secrets/corpus.js';

export interface Leak {
  where: string;
  secret: string;
}

/** Word runs of a secret long enough to be distinctive in a full-text index. */
function distinctiveTerms(secret: string): string[] {
  return (secret.match(/[A-Za-z0-9]{12,}/g) ?? []).filter((t) => /\d/.test(t) && /[A-Za-z]/.test(t));
}

export function scanDatabase(file: string, secrets: string[]): Leak[] {
  const db = new Database(file, { readonly: true });
  try {
    const found: Leak[] = [];
    const tables = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`).all() as { name: string; sql: string | null }[];
    for (const t of tables) {
      const isFts = /fts5/i.test(t.sql ?? '');
      if (isFts) {
        const q = db.prepare(`SELECT count(*) AS n FROM "${t.name}" WHERE "${t.name}" MATCH ?`);
        for (const s of secrets) {
          for (const term of distinctiveTerms(s)) if ((q.get(`"${term}"`) as { n: number }).n > 0) found.push({ where: `${t.name} (full-text index)`, secret: s });
        }
        continue;
      }
      if (/_(?:data|idx|docsize|config|content)$/.test(t.name) && tables.some((o) => /fts5/i.test(o.sql ?? '') && t.name.startsWith(o.name))) continue;
      const rows = db.prepare(`SELECT * FROM "${t.name}"`).raw().all() as unknown[][];
      for (const row of rows) {
        for (const cell of row) {
          const text = typeof cell === 'string' ? cell : Buffer.isBuffer(cell) ? cell.toString('latin1') : null;
          if (!text) continue;
          for (const s of secrets) if (leaks(text, s)) found.push({ where: `table ${t.name}`, secret: s });
        }
      }
    }
    return found;
  } finally {
    db.close();
  }
}

export function scanText(where: string, text: string, secrets: string[]): Leak[] {
  return secrets.filter((s) => leaks(text, s)).map((secret) => ({ where, secret }));
}
