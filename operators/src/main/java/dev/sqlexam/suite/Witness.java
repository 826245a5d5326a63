package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.io.Interrupted;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.ConnectionSource;
import dev.sqlexam.sql.GoldTables;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The evidence of a suite mismatch: the rows of the tables both queries read on the suite database,
 * copied into a witness database of the same schema (sqlexam's, next to the suite) and shrunk, a
 * chunk of rows at a time, while the two queries still disagree there and the rows still keep the
 * foreign keys between those tables. Both queries run as the read-only role, as everywhere; the
 * witness database is only written by sqlexam's own user.
 */
public final class Witness {

    private final JdbcUrlTemplate admin;
    private final ReadOnlyExecutor executor;
    private final ConnectionSource reader;

    private final long budgetMs;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** {@code budgetMs}: how long one evidence may be shrunk (0: not at all). */
    public Witness(
            JdbcUrlTemplate admin,
            ReadOnlyExecutor executor,
            ConnectionSource reader,
            long budgetMs) {
        this.admin = admin;
        this.executor = executor;
        this.reader = reader;
        this.budgetMs = budgetMs;
        WitnessSlots.join();
    }

    /** Done with evidence: the last one closed in this process gives up its witness databases. */
    public void close() {
        if (closed.compareAndSet(false, true)) WitnessSlots.leave();
    }

    public Witness(JdbcUrlTemplate admin, ReadOnlyExecutor executor, ConnectionSource reader) {
        this(admin, executor, reader, TestSuites.DEFAULT_WITNESS_MS);
    }

    public SuiteGrade.Evidence evidence(
            TestSuite suite,
            String database,
            List<Grader.GoldRun> golds,
            String predSql,
            QueryOutcome pred,
            Grader grader) {
        List<SuiteSchema.Table> tables;
        Map<String, List<String[]>> rows;
        try {
            tables = tablesRead(suite.schema(), database, golds.get(0).sql(), predSql);
            rows = read(database, tables);
        } catch (SQLException e) {
            return new SuiteGrade.Evidence(
                    database,
                    List.of(),
                    WitnessEvidence.results(golds.get(0).outcome()),
                    WitnessEvidence.results(pred),
                    pred.ok() ? null : pred.error(),
                    false,
                    "no witness: the tables both queries read could not be found ("
                            + e.getMessage()
                            + "); replay on "
                            + database);
        }
        Disagreement d = new Disagreement(suite, database, tables, golds, predSql, pred, grader);
        if (budgetMs <= 0) return unshrunk(d, rows, "not shrunk (test_suite_witness_ms is 0)");
        String slot;
        try {
            slot = Interrupted.orElse(() -> WitnessSlots.acquire(admin, suite), () -> null);
        } catch (SQLException none) {
            // no witness database: the grade stands without its rows
            return unshrunk(
                    d,
                    rows,
                    "no witness database was free: rows not shrunk (" + none.getMessage() + ")");
        }
        if (slot == null) return unshrunk(d, rows, "no witness database was free: rows not shrunk");
        try {
            return shrunk(d, rows, slot);
        } catch (SQLException e) {
            return unshrunk(d, rows, "rows not shrunk: " + e.getMessage());
        } finally {
            WitnessSlots.release(suite, slot);
        }
    }

    /** What the two queries disagree on: where, the tables they read, and how it is graded. */
    private record Disagreement(
            TestSuite suite,
            String database,
            List<SuiteSchema.Table> tables,
            List<Grader.GoldRun> golds,
            String predSql,
            QueryOutcome pred,
            Grader grader) {}

    /**
     * The evidence shrunk in the witness database {@code slot}, a chunk of rows at a time, while
     * the queries still disagree and the foreign keys between the tables hold.
     */
    private SuiteGrade.Evidence shrunk(
            Disagreement d, Map<String, List<String[]>> rows, String slot) throws SQLException {
        try (Connection writer = DriverManager.getConnection(admin.forDatabase(slot))) {
            SuiteDatabase.tryExecute(writer, "SET synchronous_commit = off", null);
            writer.setAutoCommit(false);
            WitnessTrial trial =
                    new WitnessTrial(
                            executor,
                            writer,
                            slot,
                            d.tables(),
                            d.golds(),
                            d.predSql(),
                            d.grader(),
                            !d.pred().ok());
            if (!trial.differs(rows)) {
                return unshrunk(
                        d,
                        rows,
                        "these rows alone do not reproduce the difference (it needs rows the plans do not name); replay on "
                                + d.database());
            }
            long deadline = System.currentTimeMillis() + budgetMs;
            for (int pass = 0; pass < 2; pass++) {
                for (int t = d.tables().size() - 1; t >= 0; t--)
                    trial.shrink(rows, d.tables().get(t), deadline);
            }
            trial.load(rows);
            QueryOutcome gold = executor.execute(slot, d.golds().get(0).sql());
            QueryOutcome predicted = executor.execute(slot, d.predSql());
            boolean minimal = trial.withinTrials() && System.currentTimeMillis() < deadline;
            return shownWithParents(
                    d.suite(),
                    d.database(),
                    d.tables(),
                    rows,
                    gold,
                    predicted,
                    minimal,
                    minimal ? null : "shrinking stopped at its budget: rows may not be minimal");
        }
    }

    /** The rows as they are, with the results the queries had on the suite database. */
    private SuiteGrade.Evidence unshrunk(
            Disagreement d, Map<String, List<String[]>> rows, String note) {
        return shownWithParents(
                d.suite(),
                d.database(),
                d.tables(),
                rows,
                d.golds().get(0).outcome(),
                d.pred(),
                false,
                note);
    }

    /** The tables the two plans read, parents first. */
    private List<SuiteSchema.Table> tablesRead(
            SuiteSchema schema, String database, String gold, String pred) throws SQLException {
        Set<String> names = new LinkedHashSet<>();
        try (Connection c = reader.open(database)) {
            c.setAutoCommit(false);
            try {
                names.addAll(GoldTables.of(c, gold));
                names.addAll(GoldTables.of(c, pred));
            } finally {
                c.rollback();
            }
        }
        List<SuiteSchema.Table> out = new ArrayList<>();
        for (SuiteSchema.Table t : schema.parentsFirst())
            if (names.contains(t.displayName())) out.add(t);
        return out;
    }

    private Map<String, List<String[]>> read(String database, List<SuiteSchema.Table> tables)
            throws SQLException {
        Map<String, List<String[]>> out = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database))) {
            for (SuiteSchema.Table t : tables) out.put(t.qualified(), TableRows.read(c, t));
        }
        return out;
    }

    /**
     * {@link WitnessEvidence#shown} with the rows the evidence's rows reference in tables neither
     * query reads: it loads with foreign keys on.
     */
    private SuiteGrade.Evidence shownWithParents(
            TestSuite suite,
            String database,
            List<SuiteSchema.Table> tables,
            Map<String, List<String[]>> rows,
            QueryOutcome gold,
            QueryOutcome pred,
            boolean minimal,
            String note) {
        try {
            WitnessParents.Evidence e =
                    WitnessParents.of(admin, database, suite.schema(), tables, rows);
            return WitnessEvidence.shown(database, e.tables(), e.rows(), gold, pred, minimal, note);
        } catch (SQLException ex) {
            return WitnessEvidence.shown(
                    database,
                    tables,
                    rows,
                    gold,
                    pred,
                    minimal,
                    note == null
                            ? "rows referenced in other tables not added: " + ex.getMessage()
                            : note);
        }
    }
}
