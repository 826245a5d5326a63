package dev.sqlexam.pipeline;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.retrieval.RetrievalConfig;
import java.io.Serializable;

/** What the retrieval operators need: the control database (rag schema), the model, the config, the docs. */
public record RetrievalSpec(JdbcUrlTemplate admin, String controlDb, EmbeddingProviders embeddings, int dimensions,
        RetrievalConfig config, JobFiles migrations, int poolSize, ConnectionPolicy connections) implements Serializable {}
