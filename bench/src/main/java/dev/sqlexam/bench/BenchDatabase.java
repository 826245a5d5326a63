package dev.sqlexam.bench;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.evaluation.CandidateScorer;
import dev.sqlexam.evaluation.ValueVerifier;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.Grade;
import dev.sqlexam.repair.RepairLoop;
import dev.sqlexam.schema.DatabaseSchema;
import dev.sqlexam.schema.ModuleAssigner;
import dev.sqlexam.schema.SchemaIntrospector;
import dev.sqlexam.schema.TableInfo;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqlReferences;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One database as the benchmarks of the evaluation stage see it: its schema (columns, FKs, table
 * names) read from pg_catalog, the same checks the pipeline runs (validation, lint, EXPLAIN as the
 * read-only role), and grading of any SQL against a question's gold queries with the exam's grader.
 */
public final class BenchDatabase implements AutoCloseable {

    private final String db;
    private final PooledConnections connections;
    private final ReadOnlyExecutor executor;
    private final long explainTimeoutMs;
    private final int limit;
    private final Grader grader;
    private final Map<String, Set<String>> columns = new HashMap<>();
    private final List<ForeignKey> fks;
    private final Set<String> tables = new HashSet<>();
    private final Map<String, QueryOutcome> goldOutcomes = new ConcurrentHashMap<>();

    public BenchDatabase(
            JdbcUrlTemplate admin,
            ReaderAccess reader,
            String db,
            long statementTimeoutMs,
            long explainTimeoutMs,
            int rowCap,
            Tolerance tolerance)
            throws SQLException {
        this.db = db;
        DatabaseSchema schema;
        try (Connection c = DriverManager.getConnection(admin.forDatabase(db))) {
            schema = SchemaIntrospector.introspect(c, db, ModuleAssigner.none());
        }
        for (TableInfo t : schema.tables()) {
            Set<String> cols = new HashSet<>();
            t.columns().forEach(col -> cols.add(col.name()));
            columns.put(t.qualifiedName(), cols);
            tables.add(t.name());
        }
        this.fks = schema.foreignKeys();
        this.connections =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT);
        this.executor = new ReadOnlyExecutor(connections, statementTimeoutMs, rowCap);
        this.explainTimeoutMs = explainTimeoutMs;
        this.limit = rowCap + 1;
        this.grader = new Grader(tolerance);
    }

    public String name() {
        return db;
    }

    public Map<String, Set<String>> columns() {
        return columns;
    }

    public List<ForeignKey> foreignKeys() {
        return fks;
    }

    public Set<String> tables() {
        return tables;
    }

    public int limit() {
        return limit;
    }

    public CandidateEvaluator.Explainer explainer() {
        return sql -> executor.explain(db, sql, explainTimeoutMs);
    }

    public ValueVerifier.ValueLookup valueLookup() {
        return ValueVerifier.on(executor, db);
    }

    /** The pipeline's check of one SQL text: validation, lint, EXPLAIN. */
    public RepairLoop.Check check(String sql) {
        return CandidateEvaluator.check(sql, tables, limit, explainer());
    }

    /**
     * The repair context with the whole database's schema (the deterministic repairs need no
     * prompt).
     */
    public RepairLoop.Context repairContext() {
        return new RepairLoop.Context(columns, fks, tables, "");
    }

    /**
     * The scoring schema a retrieval packet would give: the gold's tables, their FK neighbours, and
     * the FK joins among them.
     */
    public CandidateScorer.Schema packetLike(ExamQuestion q) {
        Set<String> inPacket = new LinkedHashSet<>(q.goldTables());
        for (ForeignKey fk : fks) {
            if (q.goldTables().contains(fk.fromTable())) inPacket.add(fk.toTable());
        }
        Map<String, Set<String>> cols = new HashMap<>();
        inPacket.forEach(t -> cols.put(t, columns.getOrDefault(t, Set.of())));
        Set<SqlReferences.JoinEquality> joins = new HashSet<>();
        for (ForeignKey fk : fks) {
            if (!inPacket.contains(fk.fromTable()) || !inPacket.contains(fk.toTable())) continue;
            for (int i = 0; i < Math.min(fk.fromColumns().size(), fk.toColumns().size()); i++) {
                joins.add(
                        SqlReferences.JoinEquality.of(
                                fk.fromTable(),
                                fk.fromColumns().get(i),
                                fk.toTable(),
                                fk.toColumns().get(i)));
            }
        }
        return new CandidateScorer.Schema(inPacket, cols, joins);
    }

    public QueryOutcome execute(String sql) {
        return executor.execute(db, sql);
    }

    /**
     * Executes {@code sql} and grades it against the question's gold queries (gold results are
     * cached).
     */
    public Grade grade(ExamQuestion q, String sql) {
        return grade(q, sql, true);
    }

    /**
     * As {@link #grade(ExamQuestion, String)}; {@code cacheGold} false runs the golds again, as a
     * grader without a cache does.
     */
    public Grade grade(ExamQuestion q, String sql, boolean cacheGold) {
        List<Grader.GoldRun> golds = new ArrayList<>();
        for (String gold : q.allGoldSql()) {
            QueryOutcome outcome =
                    cacheGold
                            ? goldOutcomes.computeIfAbsent(gold, g -> executor.execute(db, g))
                            : executor.execute(db, gold);
            golds.add(new Grader.GoldRun(gold, OrderSpec.forGold(gold, q.orderMatters()), outcome));
        }
        return grader.grade(golds, executor.execute(db, sql));
    }

    @Override
    public void close() {
        connections.close();
    }
}
