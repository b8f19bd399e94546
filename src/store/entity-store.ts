import { KIND_TAG } from '../consolidation/compose.js';
/** One mention of a named thing: the message or memory that mentions it, and its session. */
export interface EntityMention {
  entity: string;
  kind: 'message' | 'memory';
  id: string;
  sessionId: string | null;
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
