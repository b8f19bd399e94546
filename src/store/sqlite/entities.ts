import { entityMentions as mentionsOf } from '../../entities/extract.js';
import { ENTITY_BATCH, ENTITY_MEMORY_MARK, ENTITY_MESSAGE_MARK, type EntityMention, type EntitySummary, UNINDEXED_DIGEST_TAGS } from '../entity-store.js';
import type { Connection } from './connection.js';
import type { GenerationMemo } from './generation-memo.js';
import { PURGED } from './memory-rows.js';

/** SQLite side of `EntityStore` (see src/store/entity-store.ts). */

const NOT_DIGEST = `NOT (derived_from <> '[]' AND EXISTS (SELECT 1 FROM json_each(memories.tags) WHERE value IN (${UNINDEXED_DIGEST_TAGS.map((t) => `'${t}'`).join(', ')})))`;

function mark(conn: Connection, key: string): number {
  return Number(conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key)?.value ?? 0);
}

function setMark(conn: Connection, key: string, value: number): void {
  conn.run(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, String(value));
}

/**
 * Indexes the messages and memories written since the last call; a backlog of more rows than
 * `maxBacklog` is left for another call (a reader that must not hold the write lock for long).
 * With `batches`, at most that many batches of each kind are indexed. True when nothing is left.
 */
export function catchUp(conn: Connection, maxBacklog = Infinity, batches = Infinity): boolean {
  const lastSeq = conn.get<{ n: number }>(`SELECT coalesce(max(seq), 0) AS n FROM messages`)!.n;
  const lastRid = conn.get<{ n: number }>(`SELECT coalesce(max(rid), 0) AS n FROM memories`)!.n;
  const messagesBehind = Math.max(0, lastSeq - mark(conn, ENTITY_MESSAGE_MARK));
  const memoriesBehind = Math.max(0, lastRid - mark(conn, ENTITY_MEMORY_MARK));
  if (messagesBehind + memoriesBehind === 0) return true;
  if (messagesBehind + memoriesBehind > maxBacklog) return false;
  return conn.write(() => {
    const messagesDone = indexRows(conn, ENTITY_MESSAGE_MARK, 'message', `SELECT seq AS n, id, session_id, content FROM messages WHERE seq > ? AND content <> ? ORDER BY seq LIMIT ?`, batches);
    const memoriesDone = indexRows(conn, ENTITY_MEMORY_MARK, 'memory', `SELECT rid AS n, id, session_id, content FROM memories WHERE rid > ? AND content <> ? AND status = 'active' AND ${NOT_DIGEST} ORDER BY rid LIMIT ?`, batches);
    return messagesDone && memoriesDone;
  });
}

/** True when every row was indexed (false: `batches` ran out first). */
function indexRows(conn: Connection, key: string, kind: 'message' | 'memory', select: string, batches: number): boolean {
  for (let from = mark(conn, key), done = 0; ; done++) {
    if (done >= batches) return false;
    const rows = conn.all<{ n: number; id: string; session_id: string | null; content: string }>(select, from, PURGED, ENTITY_BATCH);
    if (rows.length === 0) return true;
    const to = rows[rows.length - 1]!.n;
    // Rows indexed again (a memory active again) lose their earlier mentions; new rows have none.
    conn.run(`DELETE FROM entity_mentions WHERE kind = ? AND item_key > ? AND item_key <= ?`, kind, from, to);
    conn.run(`DELETE FROM entity_mentions_recent WHERE kind = ? AND item_key > ? AND item_key <= ?`, kind, from, to);
    // Whether a name is in the index, as each row finds it: what was there, or a row before it added.
    const seen = new Map<string, boolean>();
    const known = (k: string) => seen.get(k) ?? remember(seen, k, conn.get(KNOWN, k) !== undefined);
    const mentions: [number, string, string, string | null][] = [];
    for (const r of rows) {
      for (const entity of mentionsOf(r.content, known)) {
        mentions.push([r.n, entity, r.id, r.session_id]);
        seen.set(entity, true);
      }
    }
    // One statement for the batch: one per mention cost more than the insert itself.
    if (mentions.length > 0) conn.run(INSERT_RECENT, kind, JSON.stringify(mentions));
    from = to;
    setMark(conn, key, from);
    mergeRecent(conn);
  }
}

/**
 * Mentions wait in `entity_mentions_recent` (appended in item order, see migration 14) until there
 * are this many, then move to `entity_mentions` in entity order, in one statement: each entity's
 * last page is then written once per move instead of once per indexed batch.
 */
export const RECENT_MENTIONS_MOVED_AT = 8192;

function mergeRecent(conn: Connection): void {
  const recent = conn.get<{ n: number }>(`SELECT count(*) AS n FROM entity_mentions_recent`)!.n;
  if (recent < RECENT_MENTIONS_MOVED_AT) return;
  // The count triggers stay quiet while MOVING is set (see migrations.ts): a moved mention is still one.
  conn.run(`INSERT INTO meta (key, value) VALUES (?, '1')`, MOVING);
  const moved = conn.run(`INSERT OR IGNORE INTO entity_mentions (entity, kind, item_key, item_id, session_id)
    SELECT entity, kind, item_key, item_id, session_id FROM entity_mentions_recent ORDER BY entity, kind, item_key`).changes;
  // A mention that was in both tables (none expected: indexing deletes a row's earlier ones) is one
  // now: its entities are counted again.
  if (moved !== recent) {
    conn.run(`UPDATE entity_counts SET n = (SELECT count(*) FROM entity_mentions m WHERE m.entity = entity_counts.entity)
      WHERE entity IN (SELECT entity FROM entity_mentions_recent)`);
  }
  conn.run(`DELETE FROM entity_mentions_recent`);
  conn.run(`DELETE FROM meta WHERE key = ?`, MOVING);
}

const MOVING = 'entities.moving';

const INSERT_RECENT = `INSERT OR IGNORE INTO entity_mentions_recent (kind, item_key, entity, item_id, session_id)
  SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?2)`;

function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  map.set(key, value);
  return value;
}

/** Both tables of the index, for readers (see RECENT_MENTIONS_MOVED_AT). */
const MENTIONS = `(SELECT entity, kind, item_id, session_id FROM entity_mentions
  UNION ALL SELECT entity, kind, item_id, session_id FROM entity_mentions_recent)`;
/** A name with a mention in either table: its count (kept exact by triggers) is one seek in a small table. */
const KNOWN = `SELECT 1 FROM entity_counts WHERE entity = ? AND n > 0`;
const OF_ENTITY = `SELECT kind, item_id, session_id FROM entity_mentions WHERE entity = ?1
  UNION ALL SELECT kind, item_id, session_id FROM entity_mentions_recent WHERE entity = ?1`;
/** Both tables' mentions of an entity, kept by triggers (see migrations.ts): a common name's rows are tens of thousands. */
const COUNT_OF_ENTITY = `SELECT n FROM entity_counts WHERE entity = ?`;

export function entityMentions(conn: Connection, entities: string[], limit = 500, maxBacklog?: number): EntityMention[] {
  catchUp(conn, maxBacklog);
  const out: EntityMention[] = [];
  for (const entity of new Set(entities)) {
    // Sorted by id here (the table keeps each entity's mentions in write order).
    const rows = conn.all<{ kind: 'message' | 'memory'; item_id: string; session_id: string | null }>(
      `SELECT kind, item_id, session_id FROM (${OF_ENTITY}) ORDER BY kind, item_id LIMIT ?2`, entity, limit);
    for (const r of rows) out.push({ entity, kind: r.kind, id: r.item_id, sessionId: r.session_id });
  }
  return out;
}

export function entityCounts(conn: Connection, entities: string[], atMost?: number, maxBacklog?: number, memo?: GenerationMemo): Map<string, number> {
  catchUp(conn, maxBacklog);
  const out = new Map<string, number>();
  for (const entity of new Set(entities)) {
    // Past `atMost` a count reads as one over it, as when counting stopped there.
    const count = () => Math.min(conn.get<{ n: number }>(COUNT_OF_ENTITY, entity)?.n ?? 0, atMost === undefined ? Infinity : atMost + 1);
    const n = memo ? memo.get(conn, `entity\0${entity}\0${atMost ?? -1}`, count) : count();
    if (n > 0) out.set(entity, n);
  }
  return out;
}

export function listEntities(conn: Connection, limit = 100, maxBacklog?: number): EntitySummary[] {
  catchUp(conn, maxBacklog);
  return conn.all<{ entity: string; n: number; s: number }>(
    `SELECT e.entity, count(*) AS n, count(DISTINCT e.session_id) AS s FROM ${MENTIONS} e
     GROUP BY e.entity ORDER BY n DESC, e.entity LIMIT ?`, limit)
    .map((r) => ({ entity: r.entity, mentions: r.n, sessions: r.s }));
}
