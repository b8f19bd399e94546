import { TIER_REVISION_KEY } from '../lifecycle-store.js';
import type { Connection } from './connection.js';
import { coldMemoryIds } from './lifecycle.js';

/**
 * The ids of the cold memories, read whole once and again only after a tier changed (every tier
 * change bumps the tier revision in meta, whichever process made it). A long-lived store keeps
 * this instead of the whole archive index, whose entries it reads per question (archive-words.ts).
 */
export class ColdSet {
  private rev: string | null = null;
  private ids: ReadonlySet<string> = new Set();

  /** Inside the caller's read transaction, so the revision and the ids are of one snapshot. */
  current(conn: Connection): ReadonlySet<string> {
    const rev = conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, TIER_REVISION_KEY)?.value ?? '0';
    if (rev !== this.rev) {
      this.ids = new Set(coldMemoryIds(conn));
      this.rev = rev;
    }
    return this.ids;
  }
}
