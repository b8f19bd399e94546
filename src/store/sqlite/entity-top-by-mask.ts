import { type EntityHit, maskScores } from '../entity-store.js';
import type { Connection } from './connection.js';

/** Up to this many weighted entities, `topEntityMentions` answers mask by mask (2^n - 1 masks at most). */
export const MAX_RANKED_BY_MASK = 3;

/**
 * The mentions of the entity in parameter ?{at + 1} (both tables of the index, see entities.ts) as
 * (kind, item_key, item_id), which the primary keys list in order: compound selects of them merge.
 */
function mentionsOf(at: number, kindAt: number | null): string {
  const kind = kindAt === null ? '' : ` AND kind = ?${kindAt}`;
  const from = (table: string) => `SELECT kind, item_key, item_id FROM ${table} WHERE entity = ?${at + 1}${kind}`;
  return `SELECT * FROM (${from('entity_mentions')} UNION ALL ${from('entity_mentions_recent')})`;
}

/** The items whose entity mask is exactly `mask` (mentioning its entities and no other), best `limit` (?{n + 1}) by kind then id. */
function exactMaskSql(n: number, mask: number, withKind: boolean): string {
  const kindAt = withKind ? n + 2 : null;
  const positions = Array.from({ length: n }, (_, at) => at);
  const inMask = positions.filter((at) => mask & (1 << at)).map((at) => mentionsOf(at, kindAt));
  const outside = positions.filter((at) => !(mask & (1 << at))).map((at) => mentionsOf(at, kindAt));
  const compound = [inMask.join(' INTERSECT '), ...outside].join(' EXCEPT ');
  return `SELECT kind, item_id AS id FROM (${compound}) ORDER BY kind, item_id LIMIT ?${n + 1}`;
}

/**
 * `topEntityMentions` for a few entities without grouping every mention (tens of ms for two
 * names of 16K mentions each at a million messages): items rank by their mask's score, so the
 * masks are read from the best score down, each one's best rows by kind and id, stopping once
 * `limit` rows are found. An exact mask is an INTERSECT of its entities' mentions EXCEPT the
 * others', which SQLite merges along the primary keys; the best mask (items naming every entity)
 * is usually far smaller than either entity's mentions and often fills `limit` alone. Masks of
 * equal score share a place, ordered by their first entity, then kind and id, as `rankWeighed`
 * orders them.
 */
export function topByMask(conn: Connection, weights: [string, number][], limit: number, kind: EntityHit['kind'] | undefined): EntityHit[] {
  const n = weights.length;
  const scores = maskScores(weights);
  const params = [...weights.map(([entity]) => entity), limit, ...(kind ? [kind] : [])];
  const hits: EntityHit[] = [];
  for (const score of [...new Set(scores.slice(1))].sort((a, b) => b - a)) {
    const place: { kind: EntityHit['kind']; id: string; first: number }[] = [];
    for (let mask = 1; mask < scores.length; mask++) {
      if (scores[mask] !== score) continue;
      params[n] = limit - hits.length;
      const first = Math.log2(mask & -mask);
      for (const r of conn.all<{ kind: EntityHit['kind']; id: string }>(exactMaskSql(n, mask, kind !== undefined), ...params)) place.push({ ...r, first });
    }
    place.sort((a, b) => a.first - b.first || cmp(a.kind, b.kind) || cmp(a.id, b.id));
    for (const r of place.slice(0, limit - hits.length)) hits.push({ kind: r.kind, id: r.id, score });
    if (hits.length >= limit) break;
  }
  return hits;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
