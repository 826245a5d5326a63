package dev.sqlexam.retrieval;

import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
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
        String model = "race-model-" + UUID.randomUUID();
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
            drop(url, name);
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
            st.execute("DROP INDEX IF EXISTS rag." + name);
        }
    }
}
