import { entityMentions as mentionsOf } from '../../entities/extract.js';
import { ENTITY_BATCH, ENTITY_MEMORY_MARK, ENTITY_MESSAGE_MARK, type EntityMention, type EntitySummary, UNINDEXED_DIGEST_TAGS } from '../entity-store.js';
import { PURGED } from './memory-rows.js';
import type { QueryRunner, Sql, Tx } from './runner.js';

const NOT_DIGEST = `NOT (cardinality(derived_from) > 0 AND tags && ARRAY[${UNINDEXED_DIGEST_TAGS.map((t) => `'${t}'`).join(', ')}]::text[])`;

/** PostgreSQL side of `EntityStore` (see src/store/entity-store.ts). */

async function mark(sql: Sql, profile: string, key: string): Promise<number> {
  const res = await sql.query<{ value: string }>(`SELECT value FROM mnemo_meta WHERE profile = $1 AND key = $2`, [profile, key]);
  return Number(res.rows[0]?.value ?? 0);
}

async function setMark(tx: Tx, profile: string, key: string, value: number): Promise<void> {
  await tx.query(`INSERT INTO mnemo_meta (profile, key, value) VALUES ($1, $2, $3)
    ON CONFLICT (profile, key) DO UPDATE SET value = excluded.value`, [profile, key, String(value)]);
}

/** Indexes the messages and memories written since the last call; one indexer per profile at a time. */
export async function catchUp(db: QueryRunner, profile: string): Promise<void> {
  const last = await db.query<{ seq: string | null; rid: string | null }>(`SELECT
    (SELECT max(seq) FROM mnemo_messages WHERE profile = $1) AS seq, (SELECT max(rid) FROM mnemo_memories WHERE profile = $1) AS rid`, [profile]);
  const seq = Number(last.rows[0]?.seq ?? 0);
  const rid = Number(last.rows[0]?.rid ?? 0);
  if (seq <= (await mark(db, profile, ENTITY_MESSAGE_MARK)) && rid <= (await mark(db, profile, ENTITY_MEMORY_MARK))) return;
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('mnemo-entities:' || $1))`, [profile]);
    await indexRows(tx, profile, ENTITY_MESSAGE_MARK, 'message',
      `SELECT seq AS n, id, session_id, content FROM mnemo_messages WHERE profile = $1 AND seq > $2 AND content <> $3 ORDER BY seq LIMIT $4`);
    await indexRows(tx, profile, ENTITY_MEMORY_MARK, 'memory',
      `SELECT rid AS n, id, session_id, content FROM mnemo_memories WHERE profile = $1 AND rid > $2 AND content <> $3 AND status = 'active' AND ${NOT_DIGEST} ORDER BY rid LIMIT $4`);
  });
}

async function indexRows(tx: Tx, profile: string, key: string, kind: 'message' | 'memory', select: string): Promise<void> {
  for (let from = await mark(tx, profile, key); ; ) {
    const res = await tx.query<{ n: string; id: string; session_id: string | null; content: string }>(select, [profile, from, PURGED, ENTITY_BATCH]);
    if (res.rows.length === 0) return;
    const entities: string[] = [];
    const ids: string[] = [];
    const sessions: (string | null)[] = [];
    // Sentence openers count when the profile already knows them as names (this batch included).
    const firstPass = res.rows.map((r) => mentionsOf(r.content));
    const seen = new Set(firstPass.flat());
    const openers = [...new Set(res.rows.flatMap((r) => mentionsOf(r.content, () => true)))].filter((k) => !seen.has(k));
    const stored = openers.length === 0 ? [] : (await tx.query<{ entity: string }>(
      `SELECT DISTINCT entity FROM mnemo_entity_mentions WHERE profile = $1 AND entity = ANY($2::text[])`, [profile, openers])).rows;
    for (const r of stored) seen.add(r.entity);
    for (const r of res.rows) {
      for (const e of mentionsOf(r.content, (k) => seen.has(k))) {
        entities.push(e);
        ids.push(r.id);
        sessions.push(r.session_id);
      }
    }
    await tx.query(`DELETE FROM mnemo_entity_mentions WHERE profile = $1 AND kind = $2 AND item_id = ANY($3::text[])`,
      [profile, kind, res.rows.map((r) => r.id)]);
    await tx.query(`INSERT INTO mnemo_entity_mentions (profile, entity, kind, item_id, session_id)
      SELECT $1, u.entity, $2, u.id, u.session FROM unnest($3::text[], $4::text[], $5::text[]) AS u(entity, id, session)
      ON CONFLICT DO NOTHING`, [profile, kind, entities, ids, sessions]);
    from = Number(res.rows[res.rows.length - 1]!.n);
    await setMark(tx, profile, key, from);
  }
}


export async function entityMentions(db: QueryRunner, profile: string, entities: string[], limit = 500): Promise<EntityMention[]> {
  await catchUp(db, profile);
  const res = await db.query<{ entity: string; kind: 'message' | 'memory'; item_id: string; session_id: string | null }>(`
    SELECT x.entity, x.kind, x.item_id, x.session_id FROM unnest($2::text[]) AS q(entity)
    CROSS JOIN LATERAL (SELECT e.entity, e.kind, e.item_id, e.session_id FROM mnemo_entity_mentions e
      WHERE e.profile = $1 AND e.entity = q.entity ORDER BY e.kind, e.item_id LIMIT $3) x`,
  [profile, [...new Set(entities)], limit]);
  return res.rows.map((r) => ({ entity: r.entity, kind: r.kind, id: r.item_id, sessionId: r.session_id }));
}

export async function entityCounts(db: QueryRunner, profile: string, entities: string[], atMost?: number): Promise<Map<string, number>> {
  await catchUp(db, profile);
  const res = await db.query<{ entity: string; n: string }>(`SELECT q.entity, x.n FROM unnest($2::text[]) AS q(entity)
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM (SELECT 1 FROM mnemo_entity_mentions e WHERE e.profile = $1 AND e.entity = q.entity LIMIT $3) l) x
    WHERE x.n > 0`, [profile, [...new Set(entities)], atMost === undefined ? null : atMost + 1]);
  return new Map(res.rows.map((r) => [r.entity, Number(r.n)]));
}

export async function listEntities(db: QueryRunner, profile: string, limit = 100): Promise<EntitySummary[]> {
  await catchUp(db, profile);
  const res = await db.query<{ entity: string; n: string; s: string }>(`SELECT e.entity, count(*) AS n, count(DISTINCT e.session_id) AS s
    FROM mnemo_entity_mentions e WHERE e.profile = $1 GROUP BY e.entity ORDER BY count(*) DESC, e.entity LIMIT $2`, [profile, limit]);
  return res.rows.map((r) => ({ entity: r.entity, mentions: Number(r.n), sessions: Number(r.s) }));
}
