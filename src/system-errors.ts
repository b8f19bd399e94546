import type { ErrorCode } from './errors.js';

/**
 * Operating-system and database-server errors a user can act on (a missing or unreadable file, a
 * full disk, a database server restarting) get a code and a plain message instead of
 * `internal`; anything else stays internal.
 */
const SYSTEM: Record<string, { code: ErrorCode; what: string }> = {
  ENOENT: { code: 'not_found', what: 'no such file or directory' },
  EACCES: { code: 'invalid_input', what: 'permission denied' },
  EPERM: { code: 'invalid_input', what: 'operation not permitted' },
  EISDIR: { code: 'invalid_input', what: 'is a directory' },
  ENOTDIR: { code: 'invalid_input', what: 'not a directory' },
  ELOOP: { code: 'invalid_input', what: 'too many symbolic links' },
  ENAMETOOLONG: { code: 'invalid_input', what: 'file name too long' },
  ENOSPC: { code: 'unavailable', what: 'no space left on the device; free some space and retry (nothing was half-written)' },
  EDQUOT: { code: 'unavailable', what: 'disk quota exceeded; free some space and retry (nothing was half-written)' },
  EFBIG: { code: 'unavailable', what: 'file size limit reached; raise the limit or free space and retry (nothing was half-written)' },
  EROFS: { code: 'unavailable', what: 'the file system is read-only' },
  EMFILE: { code: 'unavailable', what: 'too many open files' },
  SQLITE_FULL: { code: 'unavailable', what: 'the database or disk is full; free some space and retry (nothing was half-written)' },
  SQLITE_READONLY: { code: 'unavailable', what: 'the database is read-only' },
  SQLITE_BUSY: { code: 'unavailable', what: 'the database is busy; retry' },
  // The PostgreSQL server went away (restart, failover, network): the request may be retried.
  ECONNREFUSED: { code: 'unavailable', what: 'the database server refused the connection; retry shortly' },
  ECONNRESET: { code: 'unavailable', what: 'the connection to the database server was reset; retry' },
  ETIMEDOUT: { code: 'unavailable', what: 'the database server did not answer in time; retry' },
  '57P01': { code: 'unavailable', what: 'the database server is shutting down or restarting; retry shortly' },
  '57P02': { code: 'unavailable', what: 'the database server is restarting; retry shortly' },
  '57P03': { code: 'unavailable', what: 'the database server is starting up; retry shortly' },
  '08000': { code: 'unavailable', what: 'lost the connection to the database server; retry' },
  '08003': { code: 'unavailable', what: 'lost the connection to the database server; retry' },
  '08006': { code: 'unavailable', what: 'lost the connection to the database server; retry' },
};

/** node-postgres reports a dropped connection without a code. */
const DROPPED = /Connection terminated|connection (?:is )?closed|Client has encountered a connection error|terminating connection/i;

export function systemErrorCode(err: unknown): { code: ErrorCode; message: string } | null {
  const e = err as { code?: unknown; path?: unknown; message?: unknown } | null;
  if (e && typeof e.code !== 'string' && typeof e.message === 'string' && DROPPED.test(e.message)) return { code: 'unavailable', message: 'lost the connection to the database server; retry' };
  if (!e || typeof e.code !== 'string') return null;
  const known = SYSTEM[e.code] ?? (e.code.startsWith('SQLITE_IOERR') ? { code: 'unavailable' as const, what: 'the disk failed a write; check free space and retry (nothing was half-written)' } : undefined);
  if (!known) return null;
  return { code: known.code, message: typeof e.path === 'string' ? `${e.path}: ${known.what}` : known.what };
}
