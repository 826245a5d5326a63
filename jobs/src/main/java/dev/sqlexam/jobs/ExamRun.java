package dev.sqlexam.jobs;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.llm.GeneratorSelection;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.SqlGenerator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * An exam: the pipeline writes the candidates (a model, the offline baseline, a replay, or the gold self-check), after
 * the model endpoint answered and the exam's databases were indexed for retrieval.
 */
public final class ExamRun {

    private final Settings settings;
    private final Path examSet;
    private final PrintStream out;
    private final RunDriver driver;

    public ExamRun(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this.settings = settings;
        this.examSet = examSet;
        this.out = out;
        this.driver = new RunDriver(settings, examSet, outRoot, runId, out);
    }

    public RunResult run(StreamExecutionEnvironment env) throws Exception {
        return driver.run(env, this::plan);
    }

    private RunDriver.Plan plan(RunDriver.Setup setup) throws Exception {
        Generators generators = GeneratorSelection.resolve(Generators.from(settings));
        GeneratorSelection.requireReachable(generators);
        var providers = new dev.sqlexam.embedding.EmbeddingProviders(settings.get(SqlExamOptions.EMBEDDING_PROVIDER),
                settings.get(SqlExamOptions.OLLAMA_URL), settings.get(SqlExamOptions.OLLAMA_EMBED_MODEL));
        int dimensions = indexDatabases(setup.admin(), setup.resultsDb(), providers, setup.databases());
        out.println("[sqlexam] generator " + generators.name() + " (" + generators.reason() + ")");
        boolean selfCheck;
        try (SqlGenerator generator = generators.create()) {
            selfCheck = generator.selfCheck();
        }
        return new RunDriver.Plan(generators.name(), generators.reason(), selfCheck, List.of("default"), settings.get(SqlExamOptions.RUNS),
                generators, dimensions, null, settings.get(SqlExamOptions.PASS_AT_K), settings.get(SqlExamOptions.EXECUTION_FALLBACKS),
                null, settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS), List.of());
    }

    /** Indexes every database the exam set asks about (a no-op when the index is fresh); returns the vector size. */
    private int indexDatabases(JdbcUrlTemplate admin, String controlDb, dev.sqlexam.embedding.EmbeddingProviders providers,
            Set<String> serverDatabases) throws Exception {
        IndexRun index = new IndexRun(admin, controlDb, providers, Home.resolve().resolve("migrations"), out);
        for (String db : ExamSetFiles.databasesIn(examSet)) {
            if (serverDatabases != null && !serverDatabases.contains(db)) continue;
            try {
                IndexRun.Result r = index.run(db, false, StreamExecutionEnvironment::getExecutionEnvironment,
                        settings.get(SqlExamOptions.PARALLELISM));
                if (!r.wasFresh()) {
                    out.printf("[sqlexam] index %s: %d tables, %d columns, %d embedded, %d unchanged (%.1f s)%n", db, r.tables(),
                            r.columns(), r.embedded(), r.skipped(), r.seconds());
                }
            } catch (Exception e) {
                out.println("[sqlexam] warning: cannot index " + db + " (" + e.getMessage() + "); its questions run without retrieval");
            }
        }
        try (var provider = providers.create()) {
            return provider.dimensions();
        }
    }

}
