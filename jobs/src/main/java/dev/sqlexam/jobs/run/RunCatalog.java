package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.report.Counts;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.sql.Reconnect;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Map;

/** The exam.runs and exam.metrics rows of a run, written by the client around the job. */
public final class RunCatalog {

    private final String jdbcUrl;
    private String runId;

    public RunCatalog(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    public void start(
            String runId,
            String examSet,
            String generator,
            boolean selfCheck,
            Map<String, Object> config) {
        this.runId = runId;
        execute(
                """
                INSERT INTO exam.runs (run_id, exam_set, generator, self_check, config) VALUES (?, ?, ?, ?, ?::jsonb)
                ON CONFLICT (run_id) DO UPDATE SET started_at = now(), finished_at = NULL, status = 'running',
                    exam_set = EXCLUDED.exam_set, generator = EXCLUDED.generator, self_check = EXCLUDED.self_check,
                    config = EXCLUDED.config, summary = NULL
                """,
                ps -> {
                    ps.setString(1, runId);
                    ps.setString(2, examSet);
                    ps.setString(3, generator);
                    ps.setBoolean(4, selfCheck);
                    ps.setObject(5, Json.write(config), Types.OTHER);
                });
    }

    /**
     * Marks the run {@code status}; with a summary (a finished run) its row holds the summary and
     * exam.metrics its figures. A failed run (no summary) is marked by the id it started with.
     */
    public void finish(ExamSummary summary, String status) {
        String id = summary != null ? summary.runId() : runId;
        execute(
                "UPDATE exam.runs SET finished_at = now(), status = ?, summary = ?::jsonb WHERE run_id = ?",
                ps -> {
                    ps.setString(1, status);
                    ps.setObject(2, summary == null ? null : Json.write(summary), Types.OTHER);
                    ps.setString(3, id);
                });
        if (summary != null) writeMetrics(summary);
    }

    private void writeMetrics(ExamSummary summary) {
        try (Connection c = DriverManager.getConnection(jdbcUrl);
                PreparedStatement ps =
                        c.prepareStatement(
                                """
                        INSERT INTO exam.metrics (run_id, variant, scope, scope_value, metric, value)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (run_id, variant, scope, scope_value, metric) DO UPDATE SET value = EXCLUDED.value
                        """)) {
            for (ExamSummary.VariantSummary v : summary.variants())
                variantRows(ps, summary.runId(), v);
            for (var pair : summary.comparisons()) {
                String run = summary.runId();
                metric(ps, run, pair.b(), "versus", pair.a(), "difference", pair.difference());
                metric(ps, run, pair.b(), "versus", pair.a(), "ci_low", pair.ciLow());
                metric(ps, run, pair.b(), "versus", pair.a(), "ci_high", pair.ciHigh());
                metric(ps, run, pair.b(), "versus", pair.a(), "mcnemar_p", pair.pValue());
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot write exam.metrics for run " + summary.runId() + ": " + e.getMessage(),
                    e);
        }
    }

    /** One variant's rows: overall figures, counts by difficulty, module and category, reasons. */
    private static void variantRows(PreparedStatement ps, String run, ExamSummary.VariantSummary v)
            throws SQLException {
        String variant = v.variant();
        metric(ps, run, variant, "overall", "all", "accuracy_mean", v.accuracy());
        metric(ps, run, variant, "overall", "all", "accuracy_std", v.accuracyStd());
        metric(ps, run, variant, "overall", "all", "latency_p50_ms", v.latencyP50Ms());
        metric(ps, run, variant, "overall", "all", "latency_p95_ms", v.latencyP95Ms());
        counts(ps, run, variant, "overall", "all", v.overall());
        for (var e : v.byDifficulty().entrySet())
            counts(ps, run, variant, "difficulty", e.getKey(), e.getValue());
        for (var e : v.byModule().entrySet())
            counts(ps, run, variant, "module", e.getKey(), e.getValue());
        for (var e : v.byCategory().entrySet())
            counts(ps, run, variant, "category", e.getKey(), e.getValue());
        for (var e : v.reasons().entrySet())
            metric(ps, run, variant, "reason", e.getKey(), "count", e.getValue());
        for (var e : v.metrics().entrySet()) {
            metric(ps, run, variant, "runs", "all", e.getKey() + "_mean", e.getValue().mean());
            metric(ps, run, variant, "runs", "all", e.getKey() + "_std", e.getValue().std());
        }
    }

    private static void counts(
            PreparedStatement ps, String run, String variant, String scope, String value, Counts c)
            throws SQLException {
        metric(ps, run, variant, scope, value, "questions", c.getTotal());
        metric(ps, run, variant, scope, value, "correct", c.getCorrect());
        metric(ps, run, variant, scope, value, "accuracy", c.getAccuracy());
        metric(ps, run, variant, scope, value, "lenient_accuracy", c.getLenientAccuracy());
        metric(ps, run, variant, scope, value, "excluded", c.getExcluded());
    }

    private static void metric(
            PreparedStatement ps,
            String run,
            String variant,
            String scope,
            String value,
            String name,
            double x)
            throws SQLException {
        ps.setString(1, run);
        ps.setString(2, variant);
        ps.setString(3, scope);
        ps.setString(4, value);
        ps.setString(5, name);
        ps.setDouble(6, x);
        ps.addBatch();
    }

    private interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    /**
     * How long a write waits for sqlexam's own server to come back (a restart takes seconds); the
     * writes are upserts, so one repeated after a lost connection changes nothing twice.
     */
    static final long RECONNECT_MS = 60_000;

    private void execute(String sql, Binder binder) {
        try {
            Reconnect.within(
                    RECONNECT_MS,
                    () -> {
                        try (Connection c = DriverManager.getConnection(jdbcUrl);
                                PreparedStatement ps = c.prepareStatement(sql)) {
                            binder.bind(ps);
                            return ps.executeUpdate();
                        }
                    });
        } catch (Exception e) {
            throw new IllegalStateException("cannot write exam.runs: " + e.getMessage(), e);
        }
    }
}
