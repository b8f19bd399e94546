import { type EntityHit, MAX_RANKED_IN_SQL, maskScores, rankWeighed, weighMentions } from '../entity-store.js';
import { catchUp } from './entities.js';
import type { QueryRunner } from './runner.js';

/**
 * PostgreSQL side of `EntityStore.topEntityMentions` (see the SQLite one): with few entities the
 * server groups, orders by the rank of each item's entity mask's score and limits.
 */
export async function topEntityMentions(
  db: QueryRunner, profile: string, weights: [string, number][], limit: number, kind?: EntityHit['kind'],
): Promise<EntityHit[]> {
  if (weights.length === 0 || limit <= 0) return [];
  await catchUp(db, profile);
  const params: unknown[] = [profile, weights.map(([entity]) => entity), kind ?? null];
  const from = `FROM unnest($2::text[]) WITH ORDINALITY AS q(entity, at)
    JOIN mnemo_entity_mentions e ON e.profile = $1 AND e.entity = q.entity
    WHERE ($3::text IS NULL OR e.kind = $3::text)`;
  if (weights.length > MAX_RANKED_IN_SQL) {
    const res = await db.query<{ kind: EntityHit['kind']; id: string; at: number }>(`SELECT e.kind, e.item_id AS id, (q.at - 1)::int AS at ${from}`, params);
    return rankWeighed(weighMentions(res.rows, weights), limit);
  }
  const scores = maskScores(weights);
  const distinct = [...new Set(scores)].sort((a, b) => b - a);
  const mask = `sum(1 << (q.at - 1)::int)::int`;
  const res = await db.query<{ kind: EntityHit['kind']; id: string; mask: number; first: number }>(
    `SELECT e.kind, e.item_id AS id, ${mask} AS mask, (min(q.at) - 1)::int AS first ${from}
     GROUP BY e.kind, e.item_id ORDER BY ($4::int[])[${mask} + 1], first, e.kind, e.item_id LIMIT $5`,
    [...params, scores.map((s) => distinct.indexOf(s)), limit]);
  return rankWeighed(res.rows.map((r) => ({ kind: r.kind, id: r.id, first: r.first, score: scores[r.mask] })), limit);
}
