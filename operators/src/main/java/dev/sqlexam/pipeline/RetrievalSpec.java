package dev.sqlexam.pipeline;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.retrieval.RetrievalConfig;

import java.io.Serializable;

/**
 * What the retrieval operators need: the state database (rag schema), the model, the config, the
 * docs; {@code keepQuestionVectors}: question_vector_cache.
 */
public record RetrievalSpec(
        StateDatabase state,
        EmbeddingProviders embeddings,
        int dimensions,
        RetrievalConfig config,
        JobFiles migrations,
        int poolSize,
        ConnectionPolicy connections,
        boolean keepQuestionVectors)
        implements Serializable {}
