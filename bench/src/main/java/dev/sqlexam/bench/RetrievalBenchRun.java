package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalConfig;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bench retrieval}: the database indexed (where stale), then every retrieval stage's latency
 * and the retrieval quality of an exam set's questions against it.
 *
 * @param db the database retrieved from
 * @param examSet null: ERP's
 */
public record RetrievalBenchRun(Settings settings, String db, Path examSet) {

    public void run(PrintStream out) throws Exception {
        Path home = Home.resolve();
        StateDatabase state = StateDatabase.from(settings);
        new IndexRun(
                        new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL)),
                        state,
                        EmbeddingProviders.from(settings),
                        home.resolve("migrations"),
                        out)
                .run(db, false, FlinkTarget.local(), settings.get(SqlExamOptions.PARALLELISM));
        Path set = examSet != null ? examSet : home.resolve(BenchExamSet.ERP);
        List<ExamQuestion> questions = ExamSetFiles.read(set, null).questions();
        try (RagStore store = RagStore.open(state, ConnectionPolicy.from(settings));
                EmbeddingProvider embedder = EmbeddingProviders.from(settings).create()) {
            Map<String, String> modules =
                    RetrievalBench.moduleOfTables(store.tables(db, embedder.model()));
            RetrievalBench.Report report =
                    new RetrievalBench(
                                    store,
                                    embedder,
                                    RetrievalConfig.from(settings),
                                    home.resolve("migrations"))
                            .run(db, questions, modules);
            out.printf(
                    "retrieval bench: %s, %d questions from %s, model %s%n%n",
                    db, questions.size(), set, embedder.model());
            RetrievalBench.print(report, out);
        }
    }
}
