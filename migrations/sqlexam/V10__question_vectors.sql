-- Each question's vector, kept so that a later run asking the same text with the same model reuses it instead of
-- embedding it again (question_vector_cache): the vector is stored as the model gave it, so a run's retrieval is the
-- same either way. The text itself is not kept, only its SHA-256 (questions of a production query log may be private).
CREATE TABLE rag.question_vectors (
    model       text NOT NULL,
    text_sha256 bytea NOT NULL,
    embedding   public.vector NOT NULL,
    kept_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (model, text_sha256)
);
COMMENT ON TABLE rag.question_vectors IS 'Question vectors by embedding model and SHA-256 of the text embedded (after the step''s length cut); question_vector_cache=false neither reads nor writes them.';
