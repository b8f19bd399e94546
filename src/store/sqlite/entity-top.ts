import { type EntityHit, MAX_RANKED_IN_SQL, maskScores, rankWeighed, weighMentions } from '../entity-store.js';
import type { Connection } from './connection.js';
import { catchUp } from './entities.js';
import { MAX_RANKED_BY_MASK, topByMask } from './entity-top-by-mask.js';

/** The mentions of the entity in parameter ?{at + 1}, in both tables of the index (see entities.ts). */
const mentionsAt = (at: number) => `SELECT kind, item_key, item_id, ${at} AS at FROM entity_mentions WHERE entity = ?${at + 1}
  UNION ALL SELECT kind, item_key, item_id, ${at} AS at FROM entity_mentions_recent WHERE entity = ?${at + 1}`;

/**
 * SQLite side of `EntityStore.topEntityMentions`: with few entities SQLite groups, orders and
 * limits, so only `limit` rows reach JavaScript however many mentions the names have (tens of
 * thousands at a million messages); an item's place comes from the rank of its entity mask's
 * score, an integer, so SQL orders exactly as the summed weights do.
 */
export function topEntityMentions(
  conn: Connection, weights: [string, number][], limit: number, kind: EntityHit['kind'] | undefined, maxBacklog?: number,
): EntityHit[] {
  if (weights.length === 0 || limit <= 0) return [];
  catchUp(conn, maxBacklog);
  const n = weights.length;
  const mentions = weights.map((_, at) => mentionsAt(at)).join(' UNION ALL ');
  const where = kind ? `WHERE kind = ?${n + 1}` : '';
  const params: unknown[] = [...weights.map(([entity]) => entity), ...(kind ? [kind] : [])];
  if (n > MAX_RANKED_IN_SQL) {
    const rows = conn.all<{ kind: EntityHit['kind']; id: string; at: number }>(`SELECT kind, item_id AS id, at FROM (${mentions}) ${where}`, ...params);
    return rankWeighed(weighMentions(rows, weights), limit);
  }
  // One entity: every item weighs the same, so the order is kind then id, which SQLite keeps for
  // the best `limit` rows alone instead of grouping every mention (tens of ms at 16K mentions).
  if (n === 1) {
    const rows = conn.all<{ kind: EntityHit['kind']; id: string }>(
      `SELECT kind, item_id AS id FROM (${mentions}) ${where} ORDER BY kind, item_id LIMIT ?${params.length + 1}`, ...params, limit);
    return rows.map((r) => ({ kind: r.kind, id: r.id, score: weights[0][1] }));
  }
  if (n <= MAX_RANKED_BY_MASK) return topByMask(conn, weights, limit, kind);
  const scores = maskScores(weights);
  const distinct = [...new Set(scores)].sort((a, b) => b - a);
  const place = scores.map((s) => distinct.indexOf(s));
  const [placeAt, limitAt] = [params.length + 1, params.length + 2];
  const rows = conn.all<{ kind: EntityHit['kind']; id: string; mask: number; first: number }>(
    `SELECT kind, item_id AS id, sum(1 << at) AS mask, min(at) AS first FROM (${mentions}) ${where}
     GROUP BY kind, item_key ORDER BY ?${placeAt} ->> sum(1 << at), first, kind, item_id LIMIT ?${limitAt}`,
    ...params, JSON.stringify(place), limit);
  return rankWeighed(rows.map((r) => ({ kind: r.kind, id: r.id, first: r.first, score: scores[r.mask] })), limit);
}
