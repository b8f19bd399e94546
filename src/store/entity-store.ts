import { KIND_TAG } from '../consolidation/compose.js';
/** One mention of a named thing: the message or memory that mentions it, and its session. */
export interface EntityMention {
  entity: string;
  kind: 'message' | 'memory';
  id: string;
  sessionId: string | null;
}

/** An item found by `topEntityMentions`, with the summed weight of the entities it mentions. */
export interface EntityHit {
  kind: 'message' | 'memory';
  id: string;
  score: number;
}

/** A named thing with how often and where it is mentioned. */
export interface EntitySummary {
  entity: string;
  mentions: number;
  sessions: number;
}

/**
 * The entity index (src/entities): every mention of a named thing in the messages and active
 * memories of the profile. The index follows the writes lazily: each read first indexes what
 * was written since the last one (messages by sequence, memories by row order), so every write
 * path is covered without touching it; purged and deleted rows leave the index with them.
 */
export interface EntityStore {
  /** Mentions of the given entity keys (see `entityKey`), at most `limit` per entity. */
  entityMentions(entities: string[], opts?: { limit?: number }): Promise<EntityMention[]>;
  /**
   * The `limit` messages and memories that weigh most by the given entities they mention: each
   * mention adds its entity's weight (added in the order given, from 0). Ties keep the order in
   * which `entityMentions` of the same entities would first list them: by entity in the order given,
   * then kind, then id. Every mention counts (no limit per entity); with `kind`, only that kind's.
   */
  topEntityMentions(weights: [string, number][], opts: { limit: number; kind?: EntityMention['kind'] }): Promise<EntityHit[]>;
  /** How many messages and memories mention each given entity (absent: never mentioned); with `atMost`, counting stops at atMost + 1. */
  entityCounts(entities: string[], opts?: { atMost?: number }): Promise<Map<string, number>>;
  /**
   * Indexes what was written since the last read now (reads do it too), so the next recall does
   * not pay for it. With `batches`, at most that many batches (ENTITY_BATCH rows) of messages and
   * of memories, where a store indexes in batches. True when nothing is left to index.
   */
  indexEntities(opts?: { batches?: number }): Promise<boolean>;
  /** The most mentioned entities, most first. */
  listEntities(opts?: { limit?: number }): Promise<EntitySummary[]>;
}

/** Meta keys of the index's high-water marks. */
export const ENTITY_MESSAGE_MARK = 'entities.message_seq';
export const ENTITY_MEMORY_MARK = 'entities.memory_rid';
/** Rows indexed per catch-up statement batch. */
export const ENTITY_BATCH = 2000;

/**
 * Tags of the memories the entity index leaves out: consolidation's digests (a topic across
 * sessions, a session summary; src/consolidation/compose.ts). A digest repeats the names its
 * members already mention, so indexing it would raise every name's count (lowering its weight, or
 * pushing it past the "too common" cap) and take places among a name's mentions. A merged memory
 * stays in: it replaces its members, whose mentions leave with them.
 */
export const UNINDEXED_DIGEST_TAGS: readonly string[] = [KIND_TAG.semantic, KIND_TAG.summary];

/**
 * Past this many weighted entities, `topEntityMentions` ranks in code. Below, SQL ranks: an item's
 * score is read from a table of every subset's summed weight (see maskScores) by its entity mask.
 */
export const MAX_RANKED_IN_SQL = 8;

/** An item with the weights of the entities mentioning it summed, and the first of them (its position). */
export interface WeighedItem extends EntityHit {
  first: number;
}

/** The summed weight of each subset of `weights`, indexed by its mask (bit i: the i-th), added in order. */
export function maskScores(weights: readonly [string, number][]): number[] {
  return Array.from({ length: 2 ** weights.length }, (_, mask) => sumOf(weights, weights.map((_, i) => i).filter((i) => mask & (1 << i))));
}

/** Items from mention rows (`at`: the position of the mentioned entity in `weights`), in any order. */
export function weighMentions(rows: { kind: EntityHit['kind']; id: string; at: number }[], weights: readonly [string, number][]): WeighedItem[] {
  const positions = new Map<string, { kind: EntityHit['kind']; id: string; at: number[] }>();
  for (const r of rows) {
    const key = `${r.kind}:${r.id}`;
    const item = positions.get(key) ?? { kind: r.kind, id: r.id, at: [] };
    item.at.push(r.at);
    positions.set(key, item);
  }
  return [...positions.values()].map(({ kind, id, at }) => {
    at.sort((a, b) => a - b);
    return { kind, id, first: at[0], score: sumOf(weights, at) };
  });
}

/** The best `limit` items, ordered as `topEntityMentions` promises. */
export function rankWeighed(items: WeighedItem[], limit: number): EntityHit[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return items
    .sort((a, b) => b.score - a.score || a.first - b.first || cmp(a.kind, b.kind) || cmp(a.id, b.id))
    .slice(0, limit)
    .map(({ kind, id, score }) => ({ kind, id, score }));
}

function sumOf(weights: readonly [string, number][], positions: number[]): number {
  let score = 0;
  for (const i of positions) score += weights[i][1];
  return score;
}
