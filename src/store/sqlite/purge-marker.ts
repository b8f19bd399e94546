import type { Connection } from './connection.js';

const KEY = 'purge_generation';

/**
 * Counts purges in the meta table, inside the purge's own transaction: a process saving an index
 * of the rows (a text snapshot) reads it before reading them and again once its file is in place,
 * and removes the file when it moved, since the file may then hold the erased text. One indexed
 * row read each time, in this process or any other on the same database.
 */
export function notePurge(conn: Connection): number {
  conn.run(`INSERT INTO meta (key, value) VALUES (?, '1')
    ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`, KEY);
  return purgeGeneration(conn);
}

export function purgeGeneration(conn: Connection): number {
  return Number(conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, KEY)?.value ?? 0);
}
