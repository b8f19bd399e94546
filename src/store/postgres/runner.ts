import type { PGliteInterface, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { MnemoError } from '../../errors.js';

/**
 * The tiny query-runner seam that lets one Store implementation run on a `pg.Pool` (real
 * PostgreSQL, many processes) and on PGlite (in-process WASM Postgres, used for pgvector tests).
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** A multi-statement script without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Tx extends Sql {
  /** Runs after a successful COMMIT, so in-process caches follow committed writes only. */
  afterCommit(hook: () => void): void;
}

export interface QueryRunner extends Sql {
  readonly kind: 'pg' | 'pglite';
  /** BEGIN … COMMIT; retried a few times on deadlock or serialization failure (pg only). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

/** Connection-level failures become `unavailable`; everything else is rethrown untouched. */
export function mapDriverError(err: unknown): unknown {
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && (code.startsWith('08') || code === '57P01' || code === 'ECONNREFUSED' || code === 'ENOTFOUND')) {
    return new MnemoError('unavailable', `PostgreSQL unavailable: ${(err as Error).message}`);
  }
  return err;
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapDriverError(err);
  }
}

function pgSql(client: Pool | PoolClient): Sql {
  return {
    query: <R>(text: string, params?: unknown[]) => guarded(async () => {
      const res = await client.query(text, params);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    }),
    exec: (script) => guarded(async () => { await client.query(script); }),
  };
}

export function poolRunner(pool: Pool, owned: boolean): QueryRunner {
  return {
    kind: 'pg',
    ...pgSql(pool),
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await guarded(() => pool.connect());
        const hooks: (() => void)[] = [];
        let broken: Error | undefined;
        // A checked-out client has no pool listener: a server restart between two statements
        // would otherwise be an unhandled 'error' event that ends the process.
        const onError = (e: Error) => { broken = e; };
        client.on('error', onError);
        try {
          await client.query('BEGIN');
          const result = await fn({ ...pgSql(client), afterCommit: (h) => hooks.push(h) });
          await client.query('COMMIT');
          client.off('error', onError);
          client.release(broken);
          for (const hook of hooks) hook();
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch((e: Error) => { broken = e; });
          client.off('error', onError);
          client.release(broken);
          const code = (err as { code?: unknown })?.code;
          if (attempt < MAX_ATTEMPTS && typeof code === 'string' && RETRYABLE.has(code)) continue;
          throw mapDriverError(err);
        }
      }
    },
    async close() {
      if (owned) await pool.end();
    },
  };
}

function pgliteSql(db: PGliteInterface | Transaction): Sql {
  return {
    async query<R>(text: string, params?: unknown[]) {
      const res = await db.query<R>(text, params);
      return { rows: res.rows, rowCount: res.rows.length || (res.affectedRows ?? 0) };
    },
    async exec(script) { await db.exec(script); },
  };
}

/** PGlite is one session: its own mutex serializes queries and transactions. */
export function pgliteRunner(db: PGliteInterface, owned: boolean): QueryRunner {
  return {
    kind: 'pglite',
    ...pgliteSql(db),
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const hooks: (() => void)[] = [];
      const result = await db.transaction((tx) => fn({ ...pgliteSql(tx), afterCommit: (h) => hooks.push(h) }));
      for (const hook of hooks) hook();
      return result;
    },
    async close() {
      if (owned) await db.close();
    },
  };
}
