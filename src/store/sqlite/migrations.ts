import type Database from 'better-sqlite3';

/**
 * Schema steps, applied in order; `meta.schema_version` records how many have run.
 * Append new steps only: never edit or drop a released one, and never drop user data.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    timestamp TEXT,
    metadata TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX messages_session_seq ON messages (session_id, seq);

  CREATE TABLE memories (
    rid INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    content_hash TEXT,
    topic_key TEXT,
    event_time TEXT,
    session_id TEXT,
    source_message_ids TEXT NOT NULL DEFAULT '[]',
    queries TEXT NOT NULL DEFAULT '[]',
    tags TEXT NOT NULL DEFAULT '[]',
    importance REAL NOT NULL DEFAULT 0.5,
    status TEXT NOT NULL,
    superseded_by TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX memories_created ON memories (created_at DESC, id DESC);
  CREATE INDEX memories_identity ON memories (type, content_hash) WHERE status = 'active';
  CREATE INDEX memories_topic ON memories (topic_key, created_at);
  CREATE INDEX memories_session ON memories (session_id);

  -- External-content FTS. Purged rows (content '[purged]') are kept out of the index; the
  -- triggers test the same condition on insert and delete so the index never desynchronizes.
  CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, content='messages', content_rowid='seq', tokenize='porter unicode61');
  CREATE TRIGGER messages_fts_ai AFTER INSERT ON messages WHEN new.content <> '[purged]' BEGIN
    INSERT INTO messages_fts (rowid, content) VALUES (new.seq, new.content);
  END;
  CREATE TRIGGER messages_fts_ad AFTER DELETE ON messages WHEN old.content <> '[purged]' BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
  END;
  CREATE TRIGGER messages_fts_au_del AFTER UPDATE OF content ON messages WHEN old.content <> '[purged]' BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
  END;
  CREATE TRIGGER messages_fts_au_ins AFTER UPDATE OF content ON messages WHEN new.content <> '[purged]' BEGIN
    INSERT INTO messages_fts (rowid, content) VALUES (new.seq, new.content);
  END;

  CREATE VIRTUAL TABLE memories_fts USING fts5(
    content, queries, tags, content='memories', content_rowid='rid', tokenize='porter unicode61');
  CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories WHEN new.content <> '[purged]' BEGIN
    INSERT INTO memories_fts (rowid, content, queries, tags) VALUES (new.rid, new.content, new.queries, new.tags);
  END;
  CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories WHEN old.content <> '[purged]' BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, content, queries, tags)
      VALUES ('delete', old.rid, old.content, old.queries, old.tags);
  END;
  CREATE TRIGGER memories_fts_au_del AFTER UPDATE OF content, queries, tags ON memories
    WHEN old.content <> '[purged]' BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, content, queries, tags)
      VALUES ('delete', old.rid, old.content, old.queries, old.tags);
  END;
  CREATE TRIGGER memories_fts_au_ins AFTER UPDATE OF content, queries, tags ON memories
    WHEN new.content <> '[purged]' BEGIN
    INSERT INTO memories_fts (rowid, content, queries, tags) VALUES (new.rid, new.content, new.queries, new.tags);
  END;

  CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    memory_id TEXT,
    detail TEXT
  );
  CREATE INDEX audit_memory ON audit (memory_id, id);

  CREATE TABLE jobs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at TEXT NOT NULL,
    locked_by TEXT,
    locked_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX jobs_due ON jobs (status, run_at, seq);

  CREATE TABLE vectors (
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    dims INTEGER NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (kind, id)
  ) WITHOUT ROWID;

  CREATE TABLE embedding_cache (
    embedder_id TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (embedder_id, text_hash)
  ) WITHOUT ROWID;
  `,
  `
  -- Every vector change, so each process's in-memory index can catch up incrementally with
  -- changes made by other processes. Old entries are pruned; a cache that fell behind reloads.
  CREATE TABLE vector_log (
    rev INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    id TEXT,
    op TEXT NOT NULL
  );
  `,
  `
  -- Bulk writers (a batch of messages, an extraction's memories) switch the per-row FTS insert
  -- triggers off through mnemo_fts_deferred(), a function every Connection registers, and index
  -- the whole batch in one INSERT … SELECT instead. Every other writer is indexed as before.
  DROP TRIGGER messages_fts_ai;
  CREATE TRIGGER messages_fts_ai AFTER INSERT ON messages
    WHEN new.content <> '[purged]' AND mnemo_fts_deferred() = 0 BEGIN
    INSERT INTO messages_fts (rowid, content) VALUES (new.seq, new.content);
  END;
  DROP TRIGGER memories_fts_ai;
  CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories
    WHEN new.content <> '[purged]' AND mnemo_fts_deferred() = 0 BEGIN
    INSERT INTO memories_fts (rowid, content, queries, tags) VALUES (new.rid, new.content, new.queries, new.tags);
  END;
  `,
  `
  -- Rows whose searchable text changed other than by an append (update, delete, an insert below
  -- the highest key), so each process's in-memory text index catches up without rescanning;
  -- appends are found by key. Old entries are pruned; an index that fell behind reloads.
  CREATE TABLE text_log (
    rev INTEGER PRIMARY KEY AUTOINCREMENT,
    tbl TEXT NOT NULL,
    row_key INTEGER NOT NULL
  );
  CREATE TRIGGER text_log_prune AFTER INSERT ON text_log WHEN new.rev % 1000 = 0 BEGIN
    DELETE FROM text_log WHERE rev <= new.rev - 50000;
  END;
  CREATE TRIGGER messages_text_ai AFTER INSERT ON messages
    WHEN new.seq < (SELECT max(seq) FROM messages) BEGIN
    INSERT INTO text_log (tbl, row_key) VALUES ('messages', new.seq);
  END;
  CREATE TRIGGER messages_text_au AFTER UPDATE OF content ON messages BEGIN
    INSERT INTO text_log (tbl, row_key) VALUES ('messages', new.seq);
  END;
  CREATE TRIGGER messages_text_ad AFTER DELETE ON messages BEGIN
    INSERT INTO text_log (tbl, row_key) VALUES ('messages', old.seq);
  END;
  CREATE TRIGGER memories_text_ai AFTER INSERT ON memories
    WHEN new.rid < (SELECT max(rid) FROM memories) BEGIN
    INSERT INTO text_log (tbl, row_key) VALUES ('memories', new.rid);
  END;
  CREATE TRIGGER memories_text_au AFTER UPDATE OF content, queries, tags ON memories BEGIN
    INSERT INTO text_log (tbl, row_key) VALUES ('memories', new.rid);
  END;
  CREATE TRIGGER memories_text_ad AFTER DELETE ON memories BEGIN
    INSERT INTO text_log (tbl, row_key) VALUES ('memories', old.rid);
  END;
  `,
  `
  -- Lifecycle (src/lifecycle): tier, folded access counts, pin and a per-memory half-life.
  -- Reads append batches to access_log; the job worker folds them into the rows. The archive
  -- index holds one entry per topic key, entity and session, each listing its cold members.
  ALTER TABLE memories ADD COLUMN tier TEXT NOT NULL DEFAULT 'hot';
  ALTER TABLE memories ADD COLUMN access_count INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE memories ADD COLUMN last_accessed_at TEXT;
  ALTER TABLE memories ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE memories ADD COLUMN half_life_days REAL;
  CREATE INDEX memories_cold ON memories (tier) WHERE tier = 'cold';
  CREATE TABLE access_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    memory_id TEXT NOT NULL,
    hits INTEGER NOT NULL,
    at TEXT NOT NULL,
    rehydrate INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE archive_index (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    terms TEXT NOT NULL,
    member_ids TEXT NOT NULL,
    PRIMARY KEY (kind, key)
  );
  `,
  `
  -- Scope and metadata (src/filters): caller JSON and user/agent/run ids, filterable by list,
  -- recall and forget. The ids are indexed; metadata filters read the JSON of the rows left.
  ALTER TABLE memories ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE memories ADD COLUMN user_id TEXT;
  ALTER TABLE memories ADD COLUMN agent_id TEXT;
  ALTER TABLE memories ADD COLUMN run_id TEXT;
  CREATE INDEX memories_user ON memories (user_id, created_at) WHERE user_id IS NOT NULL;
  CREATE INDEX memories_agent ON memories (agent_id, created_at) WHERE agent_id IS NOT NULL;
  CREATE INDEX memories_run ON memories (run_id, created_at) WHERE run_id IS NOT NULL;
  `,
  `
  -- Task expiry and perceptual memories: when an open task lapses, and a pointer (JSON) to an
  -- attachment a message carried (never its bytes).
  ALTER TABLE memories ADD COLUMN expires_at TEXT;
  ALTER TABLE memories ADD COLUMN attachment TEXT;
  `,
  `
  -- Consolidation ("sleep"): what a memory was derived from, the current memory of each
  -- consolidation group (one per duplicate set, subject topic and session), and the working
  -- memory of sessions (scratch items promoted or dropped when the session ends).
  ALTER TABLE memories ADD COLUMN derived_from TEXT NOT NULL DEFAULT '[]';
  CREATE TABLE consolidation_groups (
    group_key TEXT PRIMARY KEY,
    memory_id TEXT NOT NULL,
    members TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE working_items (
    rid INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    content TEXT NOT NULL,
    type TEXT NOT NULL,
    keep INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (session_id, id)
  );
  CREATE INDEX working_items_session ON working_items (session_id, rid);
  `,
  `
  -- Entity index (src/entities): every mention of a named thing in a message or active memory, filled
  -- lazily from meta high-water marks; purged or deleted rows take their mentions with them.
  CREATE TABLE entity_mentions (
    entity TEXT NOT NULL,
    kind TEXT NOT NULL,
    item_id TEXT NOT NULL,
    session_id TEXT,
    PRIMARY KEY (entity, kind, item_id)
  ) WITHOUT ROWID;
  CREATE INDEX entity_mentions_item ON entity_mentions (kind, item_id);
  CREATE TRIGGER entity_mentions_message_purge AFTER UPDATE OF content ON messages WHEN new.content = '[purged]'
  BEGIN DELETE FROM entity_mentions WHERE kind = 'message' AND item_id = new.id; END;
  CREATE TRIGGER entity_mentions_message_delete AFTER DELETE ON messages
  BEGIN DELETE FROM entity_mentions WHERE kind = 'message' AND item_id = old.id; END;
  CREATE TRIGGER entity_mentions_memory_purge AFTER UPDATE OF content ON memories WHEN new.content = '[purged]'
  BEGIN DELETE FROM entity_mentions WHERE kind = 'memory' AND item_id = new.id; END;
  CREATE TRIGGER entity_mentions_memory_delete AFTER DELETE ON memories
  BEGIN DELETE FROM entity_mentions WHERE kind = 'memory' AND item_id = old.id; END;
  -- Only active memories are indexed: one that leaves takes its mentions along, one that comes
  -- back moves the memory mark below it so the next read indexes it again.
  CREATE TRIGGER entity_mentions_memory_inactive AFTER UPDATE OF status ON memories
    WHEN old.status = 'active' AND new.status <> 'active'
  BEGIN DELETE FROM entity_mentions WHERE kind = 'memory' AND item_id = new.id; END;
  CREATE TRIGGER entity_mentions_memory_active AFTER UPDATE OF status ON memories
    WHEN old.status <> 'active' AND new.status = 'active'
  BEGIN UPDATE meta SET value = CAST(min(CAST(value AS INTEGER), new.rid - 1) AS TEXT) WHERE key = 'entities.memory_rid'; END;
  `,
  `
  -- One-shot reads (a CLI recall) answer from indexes instead of reading whole tables: the active
  -- topic keys in order, the cold ids, and the archive index's postings (term key -> entry; 'k:'
  -- for the words of a topic or entity key, 's:' for a session's terms), which the tiering job
  -- writes with the archive (meta 'lifecycle.archive_words' marks them current).
  CREATE INDEX memories_active_topic ON memories (topic_key) WHERE status = 'active' AND topic_key IS NOT NULL;
  DROP INDEX memories_cold;
  CREATE INDEX memories_cold ON memories (tier, id) WHERE tier = 'cold';
  CREATE TABLE archive_words (
    word TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY (word, kind, key)
  ) WITHOUT ROWID;
  `,
  `
  -- The derived (consolidated) memories, usually a few: full-text search over them alone checks
  -- these rows instead of reading every memory that matches the words.
  CREATE INDEX memories_derived ON memories (rid) WHERE derived_from <> '[]';
  `,
  `
  -- Vectors keyed by their owner's row key (memories.rid, messages.seq), which grows with every
  -- write: a new vector is appended to its table's last page. Keyed by the owners' random hash
  -- ids, each write dirtied (and at scale read from disk) a random page of the whole table. A
  -- vector whose owner row is gone was never searchable and is not copied. One step of the
  -- migration's transaction: a crash leaves the old table whole.
  CREATE TABLE memory_vectors (
    rid INTEGER PRIMARY KEY,
    dims INTEGER NOT NULL,
    vector BLOB NOT NULL
  );
  CREATE TABLE message_vectors (
    seq INTEGER PRIMARY KEY,
    dims INTEGER NOT NULL,
    vector BLOB NOT NULL
  );
  INSERT INTO memory_vectors (rid, dims, vector)
    SELECT m.rid, v.dims, v.vector FROM vectors v JOIN memories m ON m.id = v.id WHERE v.kind = 'memory' ORDER BY m.rid;
  INSERT INTO message_vectors (seq, dims, vector)
    SELECT m.seq, v.dims, v.vector FROM vectors v JOIN messages m ON m.id = v.id WHERE v.kind = 'message' ORDER BY m.seq;
  DROP TABLE vectors;
  `,
  `
  -- Entity mentions keyed by their item's row key (messages.seq, memories.rid) instead of its
  -- random hash id: the mentions of a new item go to the end of each entity's range and of the
  -- item index, so indexing a batch dirties a page per entity instead of one per mention. The id
  -- stays a column (readers return it, ordered by it). Mentions of rows that are gone are dropped.
  DROP TRIGGER entity_mentions_message_purge;
  DROP TRIGGER entity_mentions_message_delete;
  DROP TRIGGER entity_mentions_memory_purge;
  DROP TRIGGER entity_mentions_memory_delete;
  DROP TRIGGER entity_mentions_memory_inactive;
  CREATE TABLE entity_mentions_by_key (
    entity TEXT NOT NULL,
    kind TEXT NOT NULL,
    item_key INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    session_id TEXT,
    PRIMARY KEY (entity, kind, item_key)
  ) WITHOUT ROWID;
  INSERT INTO entity_mentions_by_key (entity, kind, item_key, item_id, session_id)
    SELECT e.entity, e.kind, m.seq, e.item_id, e.session_id FROM entity_mentions e JOIN messages m ON m.id = e.item_id
    WHERE e.kind = 'message' ORDER BY e.entity, m.seq;
  INSERT INTO entity_mentions_by_key (entity, kind, item_key, item_id, session_id)
    SELECT e.entity, e.kind, m.rid, e.item_id, e.session_id FROM entity_mentions e JOIN memories m ON m.id = e.item_id
    WHERE e.kind = 'memory' ORDER BY e.entity, m.rid;
  DROP TABLE entity_mentions;
  ALTER TABLE entity_mentions_by_key RENAME TO entity_mentions;
  CREATE INDEX entity_mentions_item ON entity_mentions (kind, item_key);
  CREATE TRIGGER entity_mentions_message_purge AFTER UPDATE OF content ON messages WHEN new.content = '[purged]'
  BEGIN DELETE FROM entity_mentions WHERE kind = 'message' AND item_key = new.seq; END;
  CREATE TRIGGER entity_mentions_message_delete AFTER DELETE ON messages
  BEGIN DELETE FROM entity_mentions WHERE kind = 'message' AND item_key = old.seq; END;
  CREATE TRIGGER entity_mentions_memory_purge AFTER UPDATE OF content ON memories WHEN new.content = '[purged]'
  BEGIN DELETE FROM entity_mentions WHERE kind = 'memory' AND item_key = new.rid; END;
  CREATE TRIGGER entity_mentions_memory_delete AFTER DELETE ON memories
  BEGIN DELETE FROM entity_mentions WHERE kind = 'memory' AND item_key = old.rid; END;
  CREATE TRIGGER entity_mentions_memory_inactive AFTER UPDATE OF status ON memories
    WHEN old.status = 'active' AND new.status <> 'active'
  BEGIN DELETE FROM entity_mentions WHERE kind = 'memory' AND item_key = new.rid; END;
  `,
  `
  -- New entity mentions go to a small table in item order (appended), and move to entity_mentions
  -- (in entity order) thousands at a time: indexing a batch there dirtied the last page of every
  -- entity it mentions, half of what an ingest wrote. Readers see both tables; purged, deleted and
  -- inactive rows leave both.
  CREATE TABLE entity_mentions_recent (
    kind TEXT NOT NULL,
    item_key INTEGER NOT NULL,
    entity TEXT NOT NULL,
    item_id TEXT NOT NULL,
    session_id TEXT,
    PRIMARY KEY (kind, item_key, entity)
  ) WITHOUT ROWID;
  CREATE INDEX entity_mentions_recent_entity ON entity_mentions_recent (entity);
  CREATE TRIGGER entity_mentions_recent_message_purge AFTER UPDATE OF content ON messages WHEN new.content = '[purged]'
  BEGIN DELETE FROM entity_mentions_recent WHERE kind = 'message' AND item_key = new.seq; END;
  CREATE TRIGGER entity_mentions_recent_message_delete AFTER DELETE ON messages
  BEGIN DELETE FROM entity_mentions_recent WHERE kind = 'message' AND item_key = old.seq; END;
  CREATE TRIGGER entity_mentions_recent_memory_purge AFTER UPDATE OF content ON memories WHEN new.content = '[purged]'
  BEGIN DELETE FROM entity_mentions_recent WHERE kind = 'memory' AND item_key = new.rid; END;
  CREATE TRIGGER entity_mentions_recent_memory_delete AFTER DELETE ON memories
  BEGIN DELETE FROM entity_mentions_recent WHERE kind = 'memory' AND item_key = old.rid; END;
  CREATE TRIGGER entity_mentions_recent_memory_inactive AFTER UPDATE OF status ON memories
    WHEN old.status = 'active' AND new.status <> 'active'
  BEGIN DELETE FROM entity_mentions_recent WHERE kind = 'memory' AND item_key = new.rid; END;
  `,
  `
  -- Row counts kept by triggers in the writing transaction: recall reads the number of messages
  -- per query, and count(*) scans a whole index (milliseconds at 100K rows, cold).
  CREATE TABLE row_counts (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO row_counts (tbl, n) SELECT 'messages', count(*) FROM messages;
  CREATE TRIGGER messages_count_ai AFTER INSERT ON messages
  BEGIN UPDATE row_counts SET n = n + 1 WHERE tbl = 'messages'; END;
  CREATE TRIGGER messages_count_ad AFTER DELETE ON messages
  BEGIN UPDATE row_counts SET n = n - 1 WHERE tbl = 'messages'; END;
  `,
  `
  -- Mentions per entity in both tables of the entity index, kept by triggers: recall weighs a
  -- question's names by them, and counting a common name's rows cost milliseconds at 1M messages.
  CREATE TABLE entity_counts (entity TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO entity_counts (entity, n) SELECT entity, count(*) FROM (
    SELECT entity FROM entity_mentions UNION ALL SELECT entity FROM entity_mentions_recent) GROUP BY entity;
  CREATE TRIGGER entity_mentions_count_ai AFTER INSERT ON entity_mentions
  BEGIN INSERT INTO entity_counts (entity, n) VALUES (new.entity, 1) ON CONFLICT (entity) DO UPDATE SET n = n + 1; END;
  CREATE TRIGGER entity_mentions_count_ad AFTER DELETE ON entity_mentions
  BEGIN UPDATE entity_counts SET n = n - 1 WHERE entity = old.entity; END;
  CREATE TRIGGER entity_mentions_recent_count_ai AFTER INSERT ON entity_mentions_recent
  BEGIN INSERT INTO entity_counts (entity, n) VALUES (new.entity, 1) ON CONFLICT (entity) DO UPDATE SET n = n + 1; END;
  CREATE TRIGGER entity_mentions_recent_count_ad AFTER DELETE ON entity_mentions_recent
  BEGIN UPDATE entity_counts SET n = n - 1 WHERE entity = old.entity; END;
  `,
  `
  -- The move of recent mentions into entity_mentions (entities.ts) changes no count: while it runs
  -- (a meta row marks it, inside its transaction) the two triggers it fired per mention, +1 then -1,
  -- stay quiet.
  DROP TRIGGER entity_mentions_count_ai;
  CREATE TRIGGER entity_mentions_count_ai AFTER INSERT ON entity_mentions
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'entities.moving')
  BEGIN INSERT INTO entity_counts (entity, n) VALUES (new.entity, 1) ON CONFLICT (entity) DO UPDATE SET n = n + 1; END;
  DROP TRIGGER entity_mentions_recent_count_ad;
  CREATE TRIGGER entity_mentions_recent_count_ad AFTER DELETE ON entity_mentions_recent
    WHEN NOT EXISTS (SELECT 1 FROM meta WHERE key = 'entities.moving')
  BEGIN UPDATE entity_counts SET n = n - 1 WHERE entity = old.entity; END;
  `,
];

export function schemaVersion(db: Database.Database): number {
  const hasMeta = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).get();
  if (!hasMeta) return 0;
  const row = db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).get() as { value: string } | undefined;
  return row ? Number(row.value) : 0;
}

/** Brings the database to the latest schema. Safe when several processes open the file at once. */
export function migrate(db: Database.Database): number {
  if (schemaVersion(db) >= MIGRATIONS.length) return MIGRATIONS.length;
  const run = db.transaction(() => {
    // Re-read inside the write lock: another process may have migrated meanwhile.
    const from = schemaVersion(db);
    for (let v = from; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]);
    db.prepare(`INSERT INTO meta (key, value) VALUES ('schema_version', ?)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(String(MIGRATIONS.length));
  });
  run.immediate();
  return MIGRATIONS.length;
}
