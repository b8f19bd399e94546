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
];
