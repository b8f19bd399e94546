/**
 * Versioned schema steps, applied in order by `migrate`; `mnemo_meta` (profile '') records how
 * many have run. Append new steps only: never edit or drop a released one.
 *
 * Every table leads with `profile` (composite primary keys, indexes led by profile), so many
 * profiles share one database and a distributed engine can shard every table by profile.
 * Identifiers and keys use COLLATE "C" so ordering is byte order, as in SQLite.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS mnemo_meta (
    profile text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    value text NOT NULL,
    PRIMARY KEY (profile, key)
  );

  CREATE TABLE mnemo_profiles (
    profile text COLLATE "C" PRIMARY KEY,
    message_seq bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  );

  -- array_to_string is only STABLE; generated columns need an IMMUTABLE expression.
  CREATE OR REPLACE FUNCTION mnemo_words(text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;

  CREATE TABLE mnemo_messages (
    profile text COLLATE "C" NOT NULL,
    id text COLLATE "C" NOT NULL,
    seq bigint NOT NULL,
    session_id text COLLATE "C" NOT NULL,
    role text NOT NULL,
    content text NOT NULL,
    "timestamp" text,
    metadata json,
    created_at timestamptz NOT NULL,
    fts tsvector GENERATED ALWAYS AS (
      CASE WHEN content = '[purged]' THEN ''::tsvector ELSE to_tsvector('english'::regconfig, content) END) STORED,
    PRIMARY KEY (profile, id),
    UNIQUE (profile, seq)
  );
  CREATE INDEX mnemo_messages_session ON mnemo_messages (profile, session_id, seq);
  CREATE INDEX mnemo_messages_fts ON mnemo_messages USING gin (fts);

  CREATE TABLE mnemo_memories (
    profile text COLLATE "C" NOT NULL,
    id text COLLATE "C" NOT NULL,
    rid bigint GENERATED ALWAYS AS IDENTITY,
    type text NOT NULL,
    content text NOT NULL,
    content_hash text COLLATE "C",
    topic_key text COLLATE "C",
    event_time text,
    session_id text COLLATE "C",
    source_message_ids text[] NOT NULL DEFAULT '{}',
    queries text[] NOT NULL DEFAULT '{}',
    tags text[] NOT NULL DEFAULT '{}',
    importance double precision NOT NULL DEFAULT 0.5,
    status text NOT NULL,
    superseded_by text COLLATE "C",
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    fts tsvector GENERATED ALWAYS AS (
      CASE WHEN content = '[purged]' THEN ''::tsvector ELSE
        to_tsvector('english'::regconfig, content)
        || to_tsvector('english'::regconfig, mnemo_words(queries))
        || to_tsvector('english'::regconfig, mnemo_words(tags)) END) STORED,
    PRIMARY KEY (profile, id)
  );
  CREATE INDEX mnemo_memories_created ON mnemo_memories (profile, created_at DESC, id DESC);
  CREATE INDEX mnemo_memories_identity ON mnemo_memories (profile, type, content_hash) WHERE status = 'active';
  CREATE INDEX mnemo_memories_topic ON mnemo_memories (profile, topic_key, created_at);
  CREATE INDEX mnemo_memories_session ON mnemo_memories (profile, session_id);
  CREATE INDEX mnemo_memories_fts ON mnemo_memories USING gin (fts);

  CREATE TABLE mnemo_audit (
    profile text COLLATE "C" NOT NULL,
    id bigint GENERATED ALWAYS AS IDENTITY,
    at timestamptz NOT NULL,
    action text NOT NULL,
    memory_id text COLLATE "C",
    detail jsonb,
    PRIMARY KEY (profile, id)
  );
  CREATE INDEX mnemo_audit_memory ON mnemo_audit (profile, memory_id, id);

  CREATE TABLE mnemo_jobs (
    profile text COLLATE "C" NOT NULL,
    id text COLLATE "C" NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    kind text COLLATE "C" NOT NULL,
    payload jsonb NOT NULL,
    status text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL,
    run_at timestamptz NOT NULL,
    locked_by text,
    locked_until timestamptz,
    last_error text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (profile, id)
  );
  CREATE INDEX mnemo_jobs_due ON mnemo_jobs (profile, status, run_at, seq);

  -- data holds float32 bytes (exact in-process search); with pgvector an "embedding vector"
  -- column is added at startup and used instead (see vector-support.ts).
  CREATE TABLE mnemo_vectors (
    profile text COLLATE "C" NOT NULL,
    kind text COLLATE "C" NOT NULL,
    id text COLLATE "C" NOT NULL,
    dims integer NOT NULL,
    data bytea,
    PRIMARY KEY (profile, kind, id)
  );

  CREATE TABLE mnemo_embedding_cache (
    profile text COLLATE "C" NOT NULL,
    embedder_id text COLLATE "C" NOT NULL,
    text_hash text COLLATE "C" NOT NULL,
    vector bytea NOT NULL,
    PRIMARY KEY (profile, embedder_id, text_hash)
  );
  `,
  // The newest audit id of a profile (ingest's "written since" mark) by one index probe.
  `CREATE INDEX IF NOT EXISTS mnemo_audit_profile_id ON mnemo_audit (profile, id);`,
  // Lifecycle (src/lifecycle): tier, folded access counts, pin, per-memory half-life; the access
  // log the job worker folds into the rows; the archive index (topic key, entity, session → cold members).
  `
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS tier text NOT NULL DEFAULT 'hot';
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS access_count integer NOT NULL DEFAULT 0;
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS last_accessed_at timestamptz;
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS pinned boolean NOT NULL DEFAULT false;
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS half_life_days double precision;
  CREATE INDEX IF NOT EXISTS mnemo_memories_cold ON mnemo_memories (profile) WHERE tier = 'cold';
  CREATE TABLE IF NOT EXISTS mnemo_access_log (
    profile text COLLATE "C" NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    memory_id text COLLATE "C" NOT NULL,
    hits integer NOT NULL,
    at timestamptz NOT NULL,
    rehydrate boolean NOT NULL DEFAULT false,
    PRIMARY KEY (profile, seq)
  );
  CREATE TABLE IF NOT EXISTS mnemo_archive_index (
    profile text COLLATE "C" NOT NULL,
    kind text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    terms text NOT NULL,
    member_ids text[] NOT NULL,
    PRIMARY KEY (profile, kind, key)
  );
  `,
  // Scope and metadata (src/filters): caller JSON and user/agent/run ids, filterable by list,
  // recall and forget; the ids by btree, metadata equality by GIN containment.
  `
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS metadata jsonb NOT NULL DEFAULT '{}'::jsonb;
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS user_id text COLLATE "C";
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS agent_id text COLLATE "C";
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS run_id text COLLATE "C";
  CREATE INDEX IF NOT EXISTS mnemo_memories_user ON mnemo_memories (profile, user_id, created_at) WHERE user_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS mnemo_memories_agent ON mnemo_memories (profile, agent_id, created_at) WHERE agent_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS mnemo_memories_run ON mnemo_memories (profile, run_id, created_at) WHERE run_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS mnemo_memories_metadata ON mnemo_memories USING gin (metadata jsonb_path_ops);
  `,
  // Task expiry and perceptual memories: when an open task lapses, and a pointer to an
  // attachment a message carried (never its bytes).
  `
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS expires_at timestamptz;
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS attachment jsonb;
  `,
  // Consolidation ("sleep"): what a memory was derived from, the current memory of each
  // consolidation group, and the working memory of sessions (src/consolidation, src/working-memory).
  `
  ALTER TABLE mnemo_memories ADD COLUMN IF NOT EXISTS derived_from text[] NOT NULL DEFAULT '{}';
  CREATE TABLE IF NOT EXISTS mnemo_consolidation_groups (
    profile text COLLATE "C" NOT NULL,
    group_key text COLLATE "C" NOT NULL,
    memory_id text COLLATE "C" NOT NULL,
    members text[] NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (profile, group_key)
  );
  CREATE TABLE IF NOT EXISTS mnemo_working_items (
    profile text COLLATE "C" NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    id text COLLATE "C" NOT NULL,
    session_id text COLLATE "C" NOT NULL,
    content text NOT NULL,
    type text NOT NULL,
    keep boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (profile, session_id, id)
  );
  CREATE INDEX IF NOT EXISTS mnemo_working_items_session ON mnemo_working_items (profile, session_id, seq);
  `,
  // Entity index (src/entities): every mention of a named thing in a message or active memory, filled
  // lazily from meta high-water marks; purged or deleted rows take their mentions with them.
  `
  CREATE TABLE IF NOT EXISTS mnemo_entity_mentions (
    profile text COLLATE "C" NOT NULL,
    entity text COLLATE "C" NOT NULL,
    kind text NOT NULL,
    item_id text COLLATE "C" NOT NULL,
    session_id text COLLATE "C",
    PRIMARY KEY (profile, entity, kind, item_id)
  );
  CREATE INDEX IF NOT EXISTS mnemo_entity_mentions_item ON mnemo_entity_mentions (profile, kind, item_id);
  CREATE OR REPLACE FUNCTION mnemo_entity_mentions_drop() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM mnemo_entity_mentions WHERE profile = OLD.profile AND kind = TG_ARGV[0] AND item_id = OLD.id;
    RETURN NULL;
  END $$;
  DROP TRIGGER IF EXISTS mnemo_entity_mentions_message_purge ON mnemo_messages;
  CREATE TRIGGER mnemo_entity_mentions_message_purge AFTER UPDATE OF content ON mnemo_messages
    FOR EACH ROW WHEN (NEW.content = '[purged]') EXECUTE FUNCTION mnemo_entity_mentions_drop('message');
  DROP TRIGGER IF EXISTS mnemo_entity_mentions_message_delete ON mnemo_messages;
  CREATE TRIGGER mnemo_entity_mentions_message_delete AFTER DELETE ON mnemo_messages
    FOR EACH ROW EXECUTE FUNCTION mnemo_entity_mentions_drop('message');
  DROP TRIGGER IF EXISTS mnemo_entity_mentions_memory_purge ON mnemo_memories;
  CREATE TRIGGER mnemo_entity_mentions_memory_purge AFTER UPDATE OF content ON mnemo_memories
    FOR EACH ROW WHEN (NEW.content = '[purged]') EXECUTE FUNCTION mnemo_entity_mentions_drop('memory');
  DROP TRIGGER IF EXISTS mnemo_entity_mentions_memory_delete ON mnemo_memories;
  CREATE TRIGGER mnemo_entity_mentions_memory_delete AFTER DELETE ON mnemo_memories
    FOR EACH ROW EXECUTE FUNCTION mnemo_entity_mentions_drop('memory');
  CREATE OR REPLACE FUNCTION mnemo_entity_mentions_status() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.status = 'active' THEN
      UPDATE mnemo_meta SET value = least(value::bigint, NEW.rid - 1)::text WHERE profile = NEW.profile AND key = 'entities.memory_rid';
    ELSE
      DELETE FROM mnemo_entity_mentions WHERE profile = NEW.profile AND kind = 'memory' AND item_id = NEW.id;
    END IF;
    RETURN NULL;
  END $$;
  DROP TRIGGER IF EXISTS mnemo_entity_mentions_memory_status ON mnemo_memories;
  CREATE TRIGGER mnemo_entity_mentions_memory_status AFTER UPDATE OF status ON mnemo_memories
    FOR EACH ROW WHEN ((OLD.status = 'active') IS DISTINCT FROM (NEW.status = 'active')) EXECUTE FUNCTION mnemo_entity_mentions_status();
  `,
  // Whether a profile has derived (consolidated) memories, by one probe: recall skips their searches when not.
  `CREATE INDEX IF NOT EXISTS mnemo_memories_derived ON mnemo_memories (profile) WHERE cardinality(derived_from) > 0;`,
];
