package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.jobs.graph.WatchJobSpec;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.retrieval.RetrievalConfig;
import dev.sqlexam.watch.AlertRules;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The watch graph's description from the settings: evaluation as the read-only role, windows, alert
 * rules, the retrieval check.
 */
public final class WatchSpecs {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private WatchSpecs() {}

    /** The watch graph's settings: evaluation as the read-only role, windows, alert rules. */
    public static WatchJobSpec spec(Settings settings, String label) {
        return spec(settings, label, JobShipping.LOCAL);
    }

    /** The same, with what the workers need carried as {@code shipping} says. */
    public static WatchJobSpec spec(Settings settings, String label, JobShipping shipping) {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        ServerProbe server = ServerProbe.of(admin, List.of());
        return spec(
                settings,
                label,
                shipping,
                Preflight.reader(settings, admin, server),
                server.database());
    }

    /**
     * The same, evaluating as {@code reader} (the pre-flight's, on the server's {@code database}
     * where the URL names none).
     */
    public static WatchJobSpec spec(
            Settings settings,
            String label,
            JobShipping shipping,
            ReaderAccess reader,
            String database) {
        reader = shipping.reader(reader, database);
        int capacity = settings.get(SqlExamOptions.ASYNC_CAPACITY);
        ExecutionSpec execution =
                new ExecutionSpec(
                        reader,
                        settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                        settings.get(SqlExamOptions.ROW_CAP),
                        Tolerance.from(settings),
                        capacity,
                        false,
                        0,
                        null,
                        ConnectionPolicy.from(settings));
        return WatchJobSpec.builder(label, execution)
                .explainTimeoutMs(settings.get(SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS))
                .window(Duration.ofMillis(settings.get(SqlExamOptions.WATCH_WINDOW_MS)))
                .outOfOrderness(
                        Duration.ofMillis(settings.get(SqlExamOptions.WATCH_OUT_OF_ORDERNESS_MS)))
                .allowedLateness(
                        Duration.ofMillis(settings.get(SqlExamOptions.WATCH_ALLOWED_LATENESS_MS)))
                .async(capacity, settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS))
                .alerts(alertRules(settings))
                .retrievalCheck(
                        settings.get(SqlExamOptions.WATCH_RETRIEVAL_CHECK)
                                ? retrievalSpec(settings, capacity, shipping)
                                : null,
                        settings.get(SqlExamOptions.WATCH_RETRIEVAL_SAMPLE_RATE))
                .build();
    }

    /** Retrieval as the exam's default variant would run it, for the retrieval check. */
    public static RetrievalSpec retrievalSpec(
            Settings settings, int poolSize, JobShipping shipping) {
        EmbeddingProviders embeddings = EmbeddingProviders.from(settings);
        int dimensions =
                RunVariants.dimensions(
                        embeddings,
                        " (--set watch_retrieval_check=false runs the watch without the retrieval check)");
        return new RetrievalSpec(
                shipping.state(StateDatabase.from(settings)),
                embeddings,
                dimensions,
                RetrievalConfig.from(settings),
                shipping.migrations(Home.migrations()),
                poolSize,
                ConnectionPolicy.from(settings),
                settings.get(SqlExamOptions.QUESTION_VECTOR_CACHE));
    }

    /** The alert rules watch_alert_rules names (none when blank), read from the project folder. */
    public static AlertRules alertRules(Settings settings) {
        String configured = settings.get(SqlExamOptions.WATCH_ALERT_RULES);
        if (configured.isBlank()) return AlertRules.none();
        Path file = Home.resolve().resolve(configured);
        try {
            return AlertRules.from(YAML.readTree(Files.readString(file)), file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read the alert rules " + file + ": " + e.getMessage(), e);
        }
    }
}
