-- pgvector, which schema retrieval stores its embeddings with. Failing here means the server
-- lacks the extension: ./sqlexam db up builds it on the private cluster.
CREATE EXTENSION IF NOT EXISTS vector SCHEMA public;
