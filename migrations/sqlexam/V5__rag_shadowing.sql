-- A table outside public whose name also exists in public is shadowed: unqualified names resolve to the
-- public one through search_path. Searches skip shadowed entities unless the question names their schema,
-- so that copies (division schemas, staging copies) cannot crowd a top-K.
ALTER TABLE rag.embeddings ADD COLUMN shadowed boolean NOT NULL DEFAULT false;
CREATE INDEX embeddings_visible_idx ON rag.embeddings (database_id, model, entity_type) WHERE NOT shadowed;
