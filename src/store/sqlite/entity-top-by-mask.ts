import { type EntityHit, maskScores } from '../entity-store.js';
import type { Connection } from './connection.js';

/** Up to this many weighted entities, `topEntityMentions` answers mask by mask (2^n - 1 masks at most). */
export const MAX_RANKED_BY_MASK = 3;

/**
 * The mentions of the entity in parameter ?{param} (both tables of the index, see entities.ts) as
 * (kind, item_key, item_id), which the primary keys list in order: compound selects of them merge.
 */
function mentionsOf(param: number, kindParam: number | null): string {
  const kind = kindParam === null ? '' : ` AND kind = ?${kindParam}`;
  const from = (table: string) => `SELECT kind, item_key, item_id FROM ${table} WHERE entity = ?${param}${kind}`;
  return `SELECT * FROM (${from('entity_mentions')} UNION ALL ${from('entity_mentions_recent')})`;
}

/**
 * The items mentioning every entity of `mask`, best `limit` by kind then id; with `exact`, only
 * those mentioning no other (EXCEPT the other entities' mentions). Parameters: the limit, the
 * entities read (in position order), then the kind if any.
 */
function maskQuery(entities: string[], mask: number, exact: boolean, kind: EntityHit['kind'] | undefined, limit: number): [string, unknown[]] {
  const read = entities.map((_, at) => at).filter((at) => exact || mask & (1 << at));
  const kindParam = kind ? read.length + 2 : null;
  const arm = (at: number) => mentionsOf(read.indexOf(at) + 2, kindParam);
  const inMask = read.filter((at) => mask & (1 << at)).map(arm);
  const outside = read.filter((at) => !(mask & (1 << at))).map(arm);
  const compound = [inMask.join(' INTERSECT '), ...outside].join(' EXCEPT ');
  const sql = `SELECT kind, item_id AS id FROM (${compound}) ORDER BY kind, item_id LIMIT ?1`;
  return [sql, [limit, ...read.map((at) => entities[at]), ...(kind ? [kind] : [])]];
}

/**
 * `topEntityMentions` for a few entities without grouping every mention (tens of ms for two
 * names of 16K mentions each at a million messages): items rank by their mask's score, so the
 * masks are read from the best score down, each one's best rows by kind and id, stopping once
 * `limit` rows are found. A mask's items are an INTERSECT of its entities' mentions EXCEPT the
 * others', which SQLite merges along the primary keys (or, below masks all served already, the
 * mentions less those served); the best mask (items naming every entity) is usually far smaller
 * than either entity's mentions and often fills `limit` alone. Masks of equal score share a
 * place, ordered by their first entity, then kind and id, as `rankWeighed` orders them.
 */
export function topByMask(conn: Connection, weights: [string, number][], limit: number, kind: EntityHit['kind'] | undefined): EntityHit[] {
  const scores = maskScores(weights);
  const entities = weights.map(([entity]) => entity);
  const hits: EntityHit[] = [];
  const served = new Set<string>();
  for (const score of [...new Set(scores.slice(1))].sort((a, b) => b - a)) {
    const place: { kind: EntityHit['kind']; id: string; first: number }[] = [];
    for (let mask = 1; mask < scores.length; mask++) {
      if (scores[mask] !== score) continue;
      const first = Math.log2(mask & -mask);
      // Every earlier place was read in full (else `limit` was reached), so when all the masks
      // above this one rank higher, its items are those mentioning its entities, less the served.
      const above = scores.every((s, m) => m === mask || (m & mask) !== mask || s > score);
      const [sql, params] = maskQuery(entities, mask, !above, kind, limit - hits.length + (above ? served.size : 0));
      for (const r of conn.all<{ kind: EntityHit['kind']; id: string }>(sql, ...params)) {
        if (!above || !served.has(`${r.kind}:${r.id}`)) place.push({ ...r, first });
      }
    }
    place.sort((a, b) => a.first - b.first || cmp(a.kind, b.kind) || cmp(a.id, b.id));
    for (const r of place.slice(0, limit - hits.length)) {
      hits.push({ kind: r.kind, id: r.id, score });
      served.add(`${r.kind}:${r.id}`);
    }
    if (hits.length >= limit) break;
  }
  return hits;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
