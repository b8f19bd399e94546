import { describe, expect, it } from 'vitest';
import { Connection, STATEMENT_CACHE_LIMIT } from '../src/store/sqlite/connection.js';

describe('SQLite prepared-statement caches', () => {
  it('stay bounded when every request has its own SQL text, and evicted statements still run', () => {
    const conn = new Connection(':memory:');
    try {
      for (let i = 0; i < 3 * STATEMENT_CACHE_LIMIT; i++) {
        expect(conn.get<{ n: number }>(`SELECT ?1 + ${i} AS n`, 1)!.n).toBe(i + 1);
        expect(conn.rows(`SELECT ? * ${i}`, 2)[0]![0]).toBe(2 * i);
      }
      expect(conn.cachedStatements).toBeLessThanOrEqual(2 * STATEMENT_CACHE_LIMIT);
      // The first texts were evicted long ago: they are prepared again and answer the same.
      expect(conn.get<{ n: number }>(`SELECT ?1 + 0 AS n`, 41)!.n).toBe(41);
      expect(conn.rows(`SELECT ? * 0`, 7)[0]![0]).toBe(0);
    } finally {
      conn.close();
    }
  });
});
