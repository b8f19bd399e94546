/** An in-memory SQLite FTS5 index (`porter unicode61`) over raw turns, scored by BM25. */
import Database from 'better-sqlite3';
import type { BenchMessage } from '../types.js';
import { ftsOrQuery } from './fts-query.js';

export interface TextHit {
  evidenceId: string;
  /** Higher is better (negated FTS5 bm25). */
  score: number;
}

export class Fts5Index {
  private readonly db = new Database(':memory:');

  constructor(messages: readonly BenchMessage[]) {
    this.db.exec(`CREATE VIRTUAL TABLE turns USING fts5(content, evidence_id UNINDEXED, tokenize = 'porter unicode61')`);
    const insert = this.db.prepare('INSERT INTO turns (content, evidence_id) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const m of messages) insert.run(m.content, m.metadata.evidenceId);
    })();
  }

  search(question: string, limit: number): TextHit[] {
    const query = ftsOrQuery(question);
    if (!query) return [];
    const rows = this.db
      .prepare('SELECT evidence_id AS id, bm25(turns) AS bm25 FROM turns WHERE turns MATCH ? ORDER BY bm25(turns) LIMIT ?')
      .all(query, limit) as { id: string; bm25: number }[];
    return rows.map((r) => ({ evidenceId: r.id, score: -r.bm25 }));
  }

  close(): void {
    this.db.close();
  }
}
