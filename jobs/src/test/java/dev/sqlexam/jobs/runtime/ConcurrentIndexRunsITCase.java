package dev.sqlexam.jobs.runtime;

import dev.sqlexam.config.Choices;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two index runs that find the same database stale at once (two exams started together, CI's test
 * forks): both end well, the database is embedded once, and the index is whole.
 */
class ConcurrentIndexRunsITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    private static final String DB = "index_race";

    @Test
    void twoRunsOfAStaleDatabaseEmbedItOnce() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        String state = TestDatabase.state().url();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + DB);
        }
        forget(state);
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DB));
                Statement st = c.createStatement()) {
            st.execute(
                    """
                    CREATE TABLE depots (id int PRIMARY KEY, city text, opened date);
                    CREATE TABLE trucks (id int PRIMARY KEY, depot_id int REFERENCES depots, plate text, capacity_kg numeric);
                    CREATE TABLE trips (id int PRIMARY KEY, truck_id int REFERENCES trucks, started_at timestamptz, km numeric);""");
        }
        CyclicBarrier together = new CyclicBarrier(2);
        List<CompletableFuture<IndexRun.Result>> runs =
                List.of(run(admin, together), run(admin, together));
        try {
            List<IndexRun.Result> results = new java.util.ArrayList<>();
            for (CompletableFuture<IndexRun.Result> r : runs)
                results.add(r.get(5, TimeUnit.MINUTES));
            assertThat(results).extracting(IndexRun.Result::embedded).containsOnlyOnce(0);
            assertThat(results.stream().mapToInt(IndexRun.Result::embedded).sum())
                    .as("every table and column embedded by one run")
                    .isEqualTo(3 + 11);
            assertThat(count(state, "rag.embeddings")).isEqualTo(3 + 11);
            assertThat(count(state, "rag.module_embeddings")).isPositive();
            assertThat(count(state, "rag.fk_edges")).isEqualTo(2);
        } finally {
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new))
                    .exceptionally(e -> null)
                    .get(5, TimeUnit.MINUTES);
            forget(state);
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
            }
        }
    }

    private static CompletableFuture<IndexRun.Result> run(
            JdbcUrlTemplate admin, CyclicBarrier together) {
        IndexRun run =
                new IndexRun(
                        admin,
                        TestDatabase.state(),
                        new EmbeddingProviders(Choices.EmbeddingProvider.ONNX, null, null),
                        Home.migrations(),
                        new PrintStream(new ByteArrayOutputStream()));
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        together.await(30, TimeUnit.SECONDS);
                        return run.run(DB, false, FlinkTarget.local(), 1);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    private static int count(String state, String table) throws Exception {
        try (Connection c = DriverManager.getConnection(state);
                Statement st = c.createStatement();
                var rs =
                        st.executeQuery(
                                "SELECT count(*) FROM "
                                        + table
                                        + " WHERE database_id = '"
                                        + DB
                                        + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** The state database's index of the scratch database, so that each run finds it stale. */
    private static void forget(String state) throws Exception {
        try (Connection c = DriverManager.getConnection(state);
                Statement st = c.createStatement()) {
            for (String table :
                    List.of(
                            "rag.embeddings",
                            "rag.module_embeddings",
                            "rag.fk_edges",
                            "rag.index_runs"))
                st.execute("DELETE FROM " + table + " WHERE database_id = '" + DB + "'");
        }
    }
}
