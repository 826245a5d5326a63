package dev.sqlexam.flink;

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
 * planned keeps an empty list; grading reports its error later.
 */
public final class DeriveGoldTables extends RichMapFunction<ExamQuestion, ExamQuestion> {

    private final ReaderAccess reader;
    private transient PooledConnections connections;

    public DeriveGoldTables(ReaderAccess reader) {
        this.reader = reader;
    }

    @Override
    public void open(OpenContext context) {
        connections = new PooledConnections(reader.url(), 1, reader.initSql(), true);
    }

    @Override
    public ExamQuestion map(ExamQuestion q) {
        if (!q.goldTables().isEmpty() || q.goldSql() == null || q.goldSql().isBlank()) return q;
        List<String> tables;
        try (Connection c = connections.open(q.db())) {
            tables = GoldTables.of(c, q.goldSql());
        } catch (SQLException e) {
            return q;
        }
        return tables.isEmpty() ? q : q.withGoldTables(tables);
    }

    @Override
    public void close() {
        if (connections != null) connections.close();
    }
}
