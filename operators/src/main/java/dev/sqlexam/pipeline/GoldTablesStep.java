package dev.sqlexam.pipeline;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.GoldTables;
import dev.sqlexam.sql.Reconnect;
import dev.sqlexam.sql.SqlGuard;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exam-set format (docs/formats.md): {@code gold_tables} are derived from the gold query's plan
 * when a line gives none, so retrieval recall and the retrieval_miss category work on any exam set.
 * A gold that cannot be planned keeps an empty list (grading reports its error); a server or
 * permission that failed the lookup marks the question, which then ends as an infra_failure naming
 * this stage.
 */
public final class GoldTablesStep implements SyncStep<ExamQuestion, ExamQuestion> {

    /** Golds planned per subtask and kept: a large set asks the same golds under many ids. */
    static final int PLANNED_KEPT = 4_096;

    private final ConnectionPolicy policy;
    private final PooledConnections connections;
    private final Map<String, List<String>> planned =
            Collections.synchronizedMap(
                    new LinkedHashMap<>(256, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(
                                Map.Entry<String, List<String>> eldest) {
                            return size() > PLANNED_KEPT;
                        }
                    });

    public GoldTablesStep(ReaderAccess reader, ConnectionPolicy policy) {
        this.policy = policy;
        connections = new PooledConnections(reader.url(), reader.initSql(), true, policy);
    }

    @Override
    public ExamQuestion apply(ExamQuestion q) {
        // a SQLite file has no server plan to read; its import wrote the gold's tables
        if (!q.goldTables().isEmpty()
                || q.goldSql() == null
                || q.goldSql().isBlank()
                || q.onSqlite()) return q;
        // a gold that is no read is the exam set's defect: grading refuses to run it (gold_error);
        // planning it as the read-only role would fail for permissions and hide the defect
        if (!SqlGuard.check(q.goldSql()).allowed()) return q;
        String key = q.db() + "\u0000" + q.goldSql();
        List<String> tables = planned.get(key);
        if (tables != null) return tables.isEmpty() ? q : q.withGoldTables(tables);
        try {
            tables =
                    Reconnect.within(
                            policy.retryMs(),
                            () -> {
                                try (Connection c = connections.open(q.db())) {
                                    return GoldTables.of(c, q.goldSql());
                                }
                            });
        } catch (SQLException e) {
            // a gold the server cannot plan is the gold's own error, which grading reports with its
            // SQLSTATE
            if (!GoldTables.infrastructure(e)) return q;
            return q.withGoldTablesError(
                    "gold_tables lookup failed on "
                            + q.db()
                            + " ("
                            + e.getSQLState()
                            + "): "
                            + e.getMessage());
        } catch (Exception e) {
            return q.withGoldTablesError("gold_tables lookup failed on " + q.db() + ": " + e);
        }
        planned.put(key, tables);
        return tables.isEmpty() ? q : q.withGoldTables(tables);
    }

    @Override
    public void close() {
        connections.close();
    }
}
