package dev.sqlexam.pipeline;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.AdaptiveTimeout;
import java.io.Serializable;
import java.util.Map;

/**
 * What every variant of a job shares: the server and who reads it, the connection budget, the control database and
 * the migrations folder's files workers read (module mapping, docs, confusable tables), the pools' size, the execution limits, and the vector size of each embedding model's index.
 * {@code adaptiveTimeout} (null: the statement timeout for all) gives each prediction a timeout from its gold's time.
 */
public record JobResources(JdbcUrlTemplate admin, String controlDb, JobFiles migrations, ReaderAccess reader, ConnectionPolicy connections,
        int poolSize, long statementTimeoutMs, int rowCap, AdaptiveTimeout adaptiveTimeout, Map<String, Integer> dimensionsByModel)
        implements Serializable {

    public JobResources {
        dimensionsByModel = Map.copyOf(dimensionsByModel);
    }

    /**
     * The migrations folder as workers read it: in place, or (shipped) its files but the SQL migrations, which only the
     * client applies.
     */
    public static JobFiles migrationsFolder(java.nio.file.Path dir, boolean ship) {
        return ship ? JobFiles.shipped(dir, relative -> !relative.matches("(.*/)?V\\d+__[^/]*\\.sql")) : JobFiles.local(dir);
    }

    public int dimensions(String embeddingModel) {
        return dimensionsByModel.getOrDefault(embeddingModel, 0);
    }
}
