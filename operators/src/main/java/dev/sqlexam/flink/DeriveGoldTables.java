package dev.sqlexam.flink;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.GoldTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * DESIGN.md's exam-set format: {@code gold_tables} are derived from the gold query's plan when a line gives
 * none, so retrieval recall and the retrieval_miss category work on any exam set. A gold that cannot be
 * planned keeps an empty list (grading reports its error); a server or permission that failed the lookup
 * marks the question, which then ends as an infra_failure naming this stage.
 */
public final class DeriveGoldTables extends RichMapFunction<ExamQuestion, ExamQuestion> {

    private final ReaderAccess reader;
    private final ConnectionPolicy policy;
    private transient PooledConnections connections;

    public DeriveGoldTables(ReaderAccess reader, ConnectionPolicy policy) {
        this.reader = reader;
        this.policy = policy;
    }

    @Override
    public void open(OpenContext context) {
        connections = new PooledConnections(reader.url(), reader.initSql(), true, policy);
    }

    @Override
    public ExamQuestion map(ExamQuestion q) {
        if (!q.goldTables().isEmpty() || q.goldSql() == null || q.goldSql().isBlank()) return q;
        List<String> tables;
        try {
            tables = dev.sqlexam.sql.Reconnect.within(policy.retryMs(), () -> {
                try (Connection c = connections.open(q.db())) {
                    return GoldTables.of(c, q.goldSql());
                }
            });
        } catch (SQLException e) {
            if (!GoldTables.infrastructure(e)) return q;
            return q.withGoldTablesError("gold_tables lookup failed on " + q.db() + " (" + e.getSQLState() + "): " + e.getMessage());
        } catch (Exception e) {
            return q.withGoldTablesError("gold_tables lookup failed on " + q.db() + ": " + e);
        }
        return tables.isEmpty() ? q : q.withGoldTables(tables);
    }

    @Override
    public void close() {
        if (connections != null) connections.close();
    }
}
