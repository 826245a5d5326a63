package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.Alert;
import dev.sqlexam.model.WindowRow;

import org.apache.flink.connector.jdbc.JdbcConnectionOptions;
import org.apache.flink.connector.jdbc.JdbcExecutionOptions;
import org.apache.flink.connector.jdbc.core.datastream.sink.JdbcSink;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;

/**
 * The watch job's tables (migrations/sqlexam V6): window rows and alerts upserted on (watch,
 * window, key[, rule]), so that what a restart from a checkpoint emits again replaces itself
 * instead of adding a row: exactly once in effect.
 */
public final class WatchTables {

    static final String UPSERT_WINDOW =
            """
            INSERT INTO watch.windows (watch_id, window_start, window_end, key_kind, key, events, error_rate, latency_p50_ms,
                latency_p95_ms, lint_warning_rate, empty_result_rate, graded, execution_accuracy, blocked, feedback_up, feedback_down,
                retrieval_checked, retrieval_recall, shadow_compared, shadow_agreement, outcome_rates, top_sqlstates)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)
            ON CONFLICT (watch_id, window_start, key_kind, key) DO UPDATE SET
                window_end = EXCLUDED.window_end, events = EXCLUDED.events, error_rate = EXCLUDED.error_rate,
                latency_p50_ms = EXCLUDED.latency_p50_ms, latency_p95_ms = EXCLUDED.latency_p95_ms,
                lint_warning_rate = EXCLUDED.lint_warning_rate, empty_result_rate = EXCLUDED.empty_result_rate,
                graded = EXCLUDED.graded, execution_accuracy = EXCLUDED.execution_accuracy, blocked = EXCLUDED.blocked,
                feedback_up = EXCLUDED.feedback_up, feedback_down = EXCLUDED.feedback_down,
                retrieval_checked = EXCLUDED.retrieval_checked, retrieval_recall = EXCLUDED.retrieval_recall,
                shadow_compared = EXCLUDED.shadow_compared, shadow_agreement = EXCLUDED.shadow_agreement,
                outcome_rates = EXCLUDED.outcome_rates, top_sqlstates = EXCLUDED.top_sqlstates, written_at = now()
            """;

    static final String UPSERT_ALERT =
            """
            INSERT INTO watch.alerts (watch_id, window_start, window_end, key_kind, key, rule, metric, value, threshold, baseline,
                events, message)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (watch_id, window_start, key_kind, key, rule) DO UPDATE SET
                window_end = EXCLUDED.window_end, metric = EXCLUDED.metric, value = EXCLUDED.value, threshold = EXCLUDED.threshold,
                baseline = EXCLUDED.baseline, events = EXCLUDED.events, message = EXCLUDED.message, written_at = now()
            """;

    private WatchTables() {}

    public static JdbcSink<WindowRow> windows(String jdbcUrl, String watchId, int maxRetries) {
        return JdbcSink.<WindowRow>builder()
                .withQueryStatement(
                        UPSERT_WINDOW,
                        (ps, r) -> {
                            int i =
                                    key(
                                            ps,
                                            watchId,
                                            r.windowStartMs(),
                                            r.windowEndMs(),
                                            r.keyKind(),
                                            r.key());
                            ps.setLong(i++, r.events());
                            ps.setDouble(i++, r.errorRate());
                            nullable(ps, i++, r.latencyP50Ms());
                            nullable(ps, i++, r.latencyP95Ms());
                            ps.setDouble(i++, r.lintWarningRate());
                            ps.setDouble(i++, r.emptyResultRate());
                            ps.setLong(i++, r.graded());
                            nullable(ps, i++, r.executionAccuracy());
                            ps.setLong(i++, r.blocked());
                            ps.setLong(i++, r.feedbackUp());
                            ps.setLong(i++, r.feedbackDown());
                            ps.setLong(i++, r.retrievalChecked());
                            nullable(ps, i++, r.retrievalRecall());
                            ps.setLong(i++, r.shadowCompared());
                            nullable(ps, i++, r.shadowAgreement());
                            ps.setObject(i++, Json.write(r.outcomeRates()), Types.OTHER);
                            ps.setObject(i, Json.write(r.topSqlstates()), Types.OTHER);
                        })
                .withExecutionOptions(options(maxRetries))
                .buildAtLeastOnce(connection(jdbcUrl));
    }

    public static JdbcSink<Alert> alerts(String jdbcUrl, String watchId, int maxRetries) {
        return JdbcSink.<Alert>builder()
                .withQueryStatement(
                        UPSERT_ALERT,
                        (ps, a) -> {
                            int i =
                                    key(
                                            ps,
                                            watchId,
                                            a.windowStartMs(),
                                            a.windowEndMs(),
                                            a.keyKind(),
                                            a.key());
                            ps.setString(i++, a.rule());
                            ps.setString(i++, a.metric());
                            ps.setDouble(i++, a.value());
                            ps.setDouble(i++, a.threshold());
                            nullable(ps, i++, a.baseline());
                            ps.setLong(i++, a.events());
                            ps.setString(i, a.message());
                        })
                .withExecutionOptions(options(maxRetries))
                .buildAtLeastOnce(connection(jdbcUrl));
    }

    private static int key(
            PreparedStatement ps, String watchId, long startMs, long endMs, String kind, String key)
            throws SQLException {
        ps.setString(1, watchId);
        ps.setTimestamp(2, new Timestamp(startMs));
        ps.setTimestamp(3, new Timestamp(endMs));
        ps.setString(4, kind);
        ps.setString(5, key);
        return 6;
    }

    private static void nullable(PreparedStatement ps, int i, Double v) throws SQLException {
        if (v == null) ps.setNull(i, Types.DOUBLE);
        else ps.setDouble(i, v);
    }

    private static JdbcExecutionOptions options(int maxRetries) {
        return JdbcExecutionOptions.builder()
                .withBatchSize(200)
                .withBatchIntervalMs(1_000)
                .withMaxRetries(maxRetries)
                .build();
    }

    private static JdbcConnectionOptions connection(String jdbcUrl) {
        return new JdbcConnectionOptions.JdbcConnectionOptionsBuilder()
                .withUrl(jdbcUrl)
                .withDriverName("org.postgresql.Driver")
                .build();
    }
}
