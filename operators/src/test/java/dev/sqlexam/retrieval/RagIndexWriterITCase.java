package dev.sqlexam.retrieval;

import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The index writer's DDL on the real state database, reached by several index runs at once. */
class RagIndexWriterITCase {

    @Test
    void concurrentIndexRunsCreateTheVectorIndexOnce() throws Exception {
        String url = TestDatabase.state().url();
        String model = "race-" + UUID.randomUUID().toString().substring(0, 8);
        String name = RagIndexWriter.vectorIndexName(model);
        int callers = 6;
        CyclicBarrier start = new CyclicBarrier(callers);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            for (int round = 0; round < 5; round++) {
                List<Future<?>> calls = new ArrayList<>();
                for (int i = 0; i < callers; i++) {
                    calls.add(
                            pool.submit(
                                    () -> {
                                        start.await();
                                        new RagIndexWriter(url).ensureVectorIndex(model, 3);
                                        return null;
                                    }));
                }
                for (Future<?> call : calls) call.get(60, TimeUnit.SECONDS);
                assertThat(indexesNamed(url, name)).isEqualTo(1);
                drop(url, name);
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(60, TimeUnit.SECONDS);
            drop(url, name);
        }
    }

    @Test
    void concurrentIndexRunsOfOneDatabaseReplaceItsModulesWithoutAConflict() throws Exception {
        String url = TestDatabase.state().url();
        String db = "race_db_" + UUID.randomUUID().toString().replace("-", "");
        String model = "race-model";
        int callers = 6;
        CyclicBarrier start = new CyclicBarrier(callers);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            for (int round = 0; round < 5; round++) {
                List<Future<?>> calls = new ArrayList<>();
                for (int i = 0; i < callers; i++) {
                    int caller = i;
                    calls.add(
                            pool.submit(
                                    () -> {
                                        Map<String, String> texts = new LinkedHashMap<>();
                                        Map<String, float[]> vectors = new LinkedHashMap<>();
                                        for (String module : List.of("Sales", "Finance")) {
                                            texts.put(module, module + " by caller " + caller);
                                            vectors.put(module, new float[] {1, caller, 0});
                                        }
                                        start.await();
                                        new RagIndexWriter(url)
                                                .replaceModules(db, model, texts, vectors);
                                        return null;
                                    }));
                }
                for (Future<?> call : calls) call.get(60, TimeUnit.SECONDS);
                try (Connection c = DriverManager.getConnection(url);
                        Statement st = c.createStatement();
                        ResultSet rs =
                                st.executeQuery(
                                        "SELECT count(*), count(DISTINCT substring(description from 'caller [0-9]+'))"
                                                + " FROM rag.module_embeddings WHERE database_id = '"
                                                + db
                                                + "'")) {
                    rs.next();
                    assertThat(rs.getInt(1)).as("one row per module").isEqualTo(2);
                    assertThat(rs.getInt(2)).as("both modules from one caller").isEqualTo(1);
                }
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(60, TimeUnit.SECONDS);
            try (Connection c = DriverManager.getConnection(url);
                    Statement st = c.createStatement()) {
                st.execute("DELETE FROM rag.module_embeddings WHERE database_id = '" + db + "'");
            }
        }
    }

    private static int indexesNamed(String url, String name) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT count(*) FROM pg_indexes WHERE schemaname = 'rag' AND indexname = '"
                                        + name
                                        + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void drop(String url, String name) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("DROP INDEX CONCURRENTLY IF EXISTS rag." + name);
        }
    }
}
