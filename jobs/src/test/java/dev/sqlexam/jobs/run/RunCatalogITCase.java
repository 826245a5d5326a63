package dev.sqlexam.jobs.run;

import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** exam.runs as a run's client writes it: a run that fails is marked failed, not left running. */
class RunCatalogITCase {

    @Test
    void aRunThatFailsWithoutASummaryIsMarkedFailed() throws Exception {
        String url = TestDatabase.state().url();
        String runId = "catalog-failed-" + System.nanoTime();
        RunCatalog catalog = new RunCatalog(url);
        catalog.start(runId, "exam-sets/demo/demo.jsonl", "baseline", false, Map.of());
        assertThat(status(url, runId)).isEqualTo("running");

        catalog.finish(null, "failed");

        assertThat(status(url, runId)).isEqualTo("failed");
    }

    private static String status(String url, String runId) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement("SELECT status FROM exam.runs WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
