import type { TextIndexEvent } from './text-index.js';

/**
 * A saved text index that was rejected (damaged, cut short, another database's, or older than
 * the kept change log) is rebuilt from the rows; a save that failed is retried later. Say so, so
 * an operator sees the disk problem and why this start was slower.
 */
export function textIndexWarnings(warn: (message: string) => void): (event: TextIndexEvent) => void {
  return (e) => {
    if (e.event === 'text-reject') warn(`${e.table} text index snapshot rejected (${e.detail}); rebuilding it from the database`);
    if (e.event === 'text-save-error') warn(`${e.table} text index snapshot not saved (${e.detail}); the next start rebuilds it from the database`);
  };
}
