-- Schema RAG: embeddings of tables and columns of any database, full-text search over their names
-- and descriptions, module embeddings for routing, and the index runs that keep them fresh.
-- Vectors of different models live side by side; each model gets its own HNSW index (created by the
-- index job for the model's dimension, as a partial expression index).
SET search_path TO public;
CREATE SCHEMA IF NOT EXISTS rag;

CREATE TABLE rag.embeddings (
    database_id       text NOT NULL,
    entity_type       text NOT NULL CHECK (entity_type IN ('table', 'column')),
    schema_name       text NOT NULL,
    table_name        text NOT NULL,
    column_name       text NOT NULL DEFAULT '',
    module            text NOT NULL,
    is_generic        boolean NOT NULL DEFAULT false,
    stable_embed_text text NOT NULL,
    m_schema_compact  text NOT NULL,
    embed_text        text NOT NULL,
    search_text       text NOT NULL,
    model             text NOT NULL,
    text_hash         text NOT NULL,
    embedding         public.vector NOT NULL,
    -- search_text holds three parts separated by U+001F: name words (weight A), description (B), column words (C)
    search_vector     tsvector GENERATED ALWAYS AS (
                          setweight(to_tsvector('english'::regconfig, split_part(search_text, E'\x1f', 1)), 'A')
                          || setweight(to_tsvector('english'::regconfig, split_part(search_text, E'\x1f', 2)), 'B')
                          || setweight(to_tsvector('english'::regconfig, split_part(search_text, E'\x1f', 3)), 'C')) STORED,
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (database_id, model, entity_type, schema_name, table_name, column_name)
);
COMMENT ON TABLE rag.embeddings IS 'One row per table or column of an indexed database and embedding model. text_hash = hash(stable_embed_text, model): unchanged text is never re-embedded.';
CREATE INDEX embeddings_search_idx ON rag.embeddings USING gin (search_vector);
CREATE INDEX embeddings_lookup_idx ON rag.embeddings (database_id, model, entity_type, module);

CREATE TABLE rag.module_embeddings (
    database_id text NOT NULL,
    module      text NOT NULL,
    model       text NOT NULL,
    description text NOT NULL,
    text_hash   text NOT NULL,
    embedding   public.vector NOT NULL,
    PRIMARY KEY (database_id, module, model)
);

CREATE TABLE rag.fk_edges (
    database_id   text NOT NULL,
    from_schema   text NOT NULL,
    from_table    text NOT NULL,
    from_columns  text NOT NULL,
    to_schema     text NOT NULL,
    to_table      text NOT NULL,
    to_columns    text NOT NULL,
    PRIMARY KEY (database_id, from_schema, from_table, from_columns, to_schema, to_table)
);

CREATE TABLE rag.index_runs (
    database_id        text NOT NULL,
    model              text NOT NULL,
    schema_fingerprint text NOT NULL,
    indexed_at         timestamptz NOT NULL DEFAULT now(),
    tables             integer NOT NULL,
    columns            integer NOT NULL,
    embedded           integer NOT NULL,
    skipped_unchanged  integer NOT NULL,
    seconds            double precision NOT NULL,
    PRIMARY KEY (database_id, model)
);

CREATE VIEW rag.retrieval_stats AS
SELECT database_id, entity_type, module, count(*) AS embedding_count, count(*) FILTER (WHERE is_generic) AS generic_count
FROM rag.embeddings
GROUP BY database_id, entity_type, module;
