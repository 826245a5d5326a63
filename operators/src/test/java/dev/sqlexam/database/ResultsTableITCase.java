package dev.sqlexam.database;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.Records;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * exam.results and exam.missing as {@link ResultsTable} writes them, on the suite's server: rows
 * for answered questions, ids for missing ones, reruns that replace, two writers at once, and a
 * server that ends the writer's session.
 */
class ResultsTableITCase {

    private static String url;

    @BeforeAll
    static void state() {
        url = TestDatabase.state().url();
    }

    @Test
    void answeredQuestionsGetRowsAndMissingOnesTheirIdsPerVariant() throws Exception {
        String run = newRun("rt-ids");
        try (ResultsTable table = new ResultsTable(url)) {
            ExamRecord q1 = record(run, "a", "q1", "match");
            table.add(q1, Json.write(q1));
            table.add(record(run, "a", "q2", "value_mismatch"), "{\"question_id\":\"q2\"}");
            table.add(record(run, "a", "q4", "missing"), "{}");
            table.add(record(run, "a", "q3", "missing"), "{}");
            table.add(record(run, "b", "q1", "missing"), "{}");
            table.add(record(run, "b", "q1", "missing"), "{}");
            assertThat(table.pending()).isEqualTo(5);
            table.flush();
            assertThat(table.pending()).isZero();
        }
        assertThat(rows(run)).containsExactly("a/q1/match", "a/q2/value_mismatch");
        assertThat(missing(run))
                .containsExactly(Map.entry("a", "{q3,q4} 2"), Map.entry("b", "{q1} 1"));
        ExamRecord q1 = record(run, "a", "q1", "match");
        assertThat(
                        scalar(
                                "SELECT count(*) FROM exam.results WHERE run_id = '"
                                        + run
                                        + "' AND question_id = 'q1' AND record = '"
                                        + Json.write(q1).replace("'", "''")
                                        + "'::jsonb AND trace = '[]'::jsonb"))
                .as("the row holds the record's JSON as given, and its trace")
                .isEqualTo(1);
    }

    @Test
    void aBatchTakenOutIsWrittenWhileTheTableKeepsWhatArrivesMeanwhile() throws Exception {
        String run = newRun("rt-taken");
        try (ResultsTable table = new ResultsTable(url)) {
            table.add(record(run, "a", "q1", "match"), "{}");
            table.add(record(run, "a", "q2", "missing"), "{}");
            ResultsTable.Batch batch = table.take();
            assertThat(batch.size()).isEqualTo(2);
            assertThat(table.pending()).as("taken out").isZero();
            table.add(record(run, "a", "q3", "match"), "{}");
            table.add(record(run, "a", "q2", "match"), "{}");
            table.write(batch);
            assertThat(rows(run)).containsExactly("a/q1/match");
            assertThat(missing(run)).containsExactly(Map.entry("a", "{q2} 1"));
            assertThat(table.pending()).as("kept for the next batch").isEqualTo(2);
            table.flush();
        }
        assertThat(rows(run)).containsExactly("a/q1/match", "a/q2/match", "a/q3/match");
        assertThat(missing(run)).containsExactly(Map.entry("a", "{} 0"));
    }

    @Test
    void aRerunOfTheRunIdReplacesWhatChangedSides() throws Exception {
        String run = newRun("rt-rerun");
        try (ResultsTable first = new ResultsTable(url)) {
            first.add(record(run, "a", "q1", "match"), "{}");
            first.add(record(run, "a", "q2", "missing"), "{}");
            first.add(record(run, "a", "q3", "missing"), "{}");
            first.flush();
        }
        try (ResultsTable second = new ResultsTable(url)) {
            second.add(record(run, "a", "q1", "missing"), "{}");
            second.add(record(run, "a", "q2", "pred_error"), "{}");
            second.flush();
        }
        assertThat(rows(run)).containsExactly("a/q2/pred_error");
        assertThat(missing(run)).containsExactly(Map.entry("a", "{q1,q3} 2"));
        try (ResultsTable third = new ResultsTable(url)) {
            third.add(record(run, "a", "q1", "match"), "{}");
            third.add(record(run, "a", "q3", "match"), "{}");
            third.flush();
        }
        assertThat(missing(run))
                .as("every question answered now: the variant's list is empty")
                .containsExactly(Map.entry("a", "{} 0"));
        assertThat(rows(run)).containsExactly("a/q1/match", "a/q2/pred_error", "a/q3/match");
    }

    @Test
    void twoWritersOfOneRunNeverDeadlockWhateverOrderTheyMeetVariantsIn() throws Exception {
        String run = newRun("rt-two");
        List<String> variants = new ArrayList<>();
        for (int v = 0; v < 12; v++) variants.add("file-" + v);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                Callable<Void> work =
                        () -> {
                            List<String> order = new ArrayList<>(variants);
                            if (writer == 1) Collections.reverse(order);
                            try (ResultsTable table = new ResultsTable(url)) {
                                for (int round = 0; round < 15; round++) {
                                    for (String v : order) {
                                        String q = "q" + writer + "-" + round;
                                        table.add(record(run, v, q, "missing"), "{}");
                                        table.add(record(run, v, q + "-x", "match"), "{}");
                                    }
                                    table.flush();
                                }
                            }
                            return null;
                        };
                done.add(pool.submit(work));
            }
            for (Future<Void> f : done) f.get();
        } finally {
            pool.shutdownNow();
        }
        Map<String, String> missing = missing(run);
        assertThat(missing).hasSize(12);
        assertThat(missing.values()).allMatch(ids -> ids.endsWith(" 30"));
        assertThat(scalar("SELECT count(*) FROM exam.results WHERE run_id = '" + run + "'"))
                .isEqualTo(12 * 30);
    }

    @Test
    void aSessionTheServerEndsIsOpenedAgainAndNothingIsLost() throws Exception {
        String run = newRun("rt-ended");
        String app = "results-table-it-" + System.nanoTime();
        try (ResultsTable table = new ResultsTable(url + "&ApplicationName=" + app, 10)) {
            table.add(record(run, "a", "q1", "match"), "{}");
            table.flush();
            assertThat(
                            scalar(
                                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '"
                                            + app
                                            + "'"))
                    .isEqualTo(1);
            table.add(record(run, "a", "q2", "match"), "{}");
            table.add(record(run, "a", "q3", "missing"), "{}");
            table.flush();
        }
        assertThat(rows(run)).containsExactly("a/q1/match", "a/q2/match");
        assertThat(missing(run)).containsExactly(Map.entry("a", "{q3} 1"));
    }

    @Test
    void aServerThatCannotBeReachedIsTriedAgainThenTheFlushFailsSayingHowOften() {
        String unreachable = url.replaceFirst("//[^/]+/", "//127.0.0.1:1/");
        try (ResultsTable table = new ResultsTable(unreachable, 1)) {
            table.add(record("r", "a", "q1", "match"), "{}");
            table.add(record("r", "a", "q2", "missing"), "{}");
            assertThatThrownBy(table::flush)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining(
                            "writing 2 record(s) to exam.results and exam.missing failed after 4 attempts");
            assertThat(table.pending()).as("kept for a later flush").isEqualTo(2);
        }
    }

    @Test
    void aDatabaseThatIsNotThereFailsTheFlushAtOnceNamingIt() {
        String absent = url.replaceFirst("/([^/?]+)(\\?|$)", "/sqlexam_no_such_state_db$2");
        long start = System.nanoTime();
        // a retry would pause a minute first
        try (ResultsTable table = new ResultsTable(absent, 60_000)) {
            table.add(record("r", "a", "q1", "match"), "{}");
            assertThatThrownBy(table::flush)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining(
                            "writing 1 record(s) to exam.results and exam.missing failed: ")
                    .hasMessageContaining("sqlexam_no_such_state_db");
        }
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(30_000);
    }

    private static ExamRecord record(String run, String variant, String id, String reason) {
        String json =
                String.format(
                        "{\"run_id\":\"%s\",\"variant\":\"%s\",\"repetition\":1,\"db\":\"demo\",\"question_id\":\"%s\","
                                + "\"correct\":%s,\"reason\":\"%s\",\"lenient_correct\":false,\"lenient_reason\":\"%s\"}",
                        run, variant, id, reason.equals("match"), reason, reason);
        return Records.fromJson(json);
    }

    private static String newRun(String prefix) throws SQLException {
        String run = prefix + "-" + System.nanoTime();
        query(
                "INSERT INTO exam.runs (run_id, exam_set, generator) VALUES ('"
                        + run
                        + "', 'test', 'test') RETURNING 1");
        return run;
    }

    private static List<String> rows(String run) throws SQLException {
        return query(
                "SELECT variant || '/' || question_id || '/' || reason FROM exam.results WHERE run_id = '"
                        + run
                        + "' ORDER BY variant, question_id");
    }

    /** Per variant: the ids as PostgreSQL prints the array, and the count column. */
    private static Map<String, String> missing(String run) throws SQLException {
        Map<String, String> out = new TreeMap<>();
        for (String line :
                query(
                        "SELECT variant || '=' || question_ids::text || ' ' || questions FROM exam.missing WHERE run_id = '"
                                + run
                                + "'")) {
            int eq = line.indexOf('=');
            out.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return out;
    }

    private static long scalar(String sql) throws SQLException {
        return Long.parseLong(query(sql).get(0));
    }

    /** The first column of every row {@code sql} returns, as text. */
    private static List<String> query(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }
}
