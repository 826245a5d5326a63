package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.ConnectionSource;
import dev.sqlexam.sql.GoldTables;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The evidence of a suite mismatch: the rows of the tables both queries read on the suite database,
 * copied into a witness database of the same schema (sqlexam's, next to the suite) and shrunk, a
 * chunk of rows at a time, while the two queries still disagree there and the rows still keep the
 * foreign keys between those tables. Both queries run as the read-only role, as everywhere; the
 * witness database is only written by sqlexam's own user.
 */
public final class Witness {

    private static final int SLOTS = 2;
    private static final int MAX_TRIALS = 160;
    private static final int SHOWN_ROWS = 20;
    private static final Map<String, BlockingQueue<String>> FREE = new ConcurrentHashMap<>();
    private static final Set<String> MADE = ConcurrentHashMap.newKeySet();

    private final JdbcUrlTemplate admin;
    private final ReadOnlyExecutor executor;
    private final ConnectionSource reader;

    private final long budgetMs;

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
                    results(golds.get(0).outcome()),
                    results(pred),
                    pred.ok() ? null : pred.error(),
                    false,
                    "no witness: the tables both queries read could not be found ("
                            + e.getMessage()
                            + "); replay on "
                            + database);
        }
        boolean suiteError = !pred.ok();
        if (budgetMs <= 0)
            return shownWithParents(
                    suite,
                    database,
                    tables,
                    rows,
                    golds.get(0).outcome(),
                    pred,
                    false,
                    "not shrunk (test_suite_witness_ms is 0)");
        String slot = acquire(suite);
        if (slot == null)
            return shownWithParents(
                    suite,
                    database,
                    tables,
                    rows,
                    golds.get(0).outcome(),
                    pred,
                    false,
                    "no witness database was free: rows not shrunk");
        try (Connection writer = DriverManager.getConnection(admin.forDatabase(slot))) {
            SuiteDatabase.tryExecute(writer, "SET synchronous_commit = off", null);
            writer.setAutoCommit(false);
            Trial trial = new Trial(writer, slot, tables, golds, predSql, grader, suiteError);
            if (!trial.differs(rows)) {
                return shownWithParents(
                        suite,
                        database,
                        tables,
                        rows,
                        golds.get(0).outcome(),
                        pred,
                        false,
                        "these rows alone do not reproduce the difference (it needs rows the plans do not name); replay on "
                                + database);
            }
            long deadline = System.currentTimeMillis() + budgetMs;
            for (int pass = 0; pass < 2; pass++) {
                for (int t = tables.size() - 1; t >= 0; t--)
                    shrink(trial, rows, tables.get(t), deadline);
            }
            trial.load(rows);
            QueryOutcome gold = executor.execute(slot, golds.get(0).sql());
            QueryOutcome predicted = executor.execute(slot, predSql);
            boolean minimal = trial.trials < MAX_TRIALS && System.currentTimeMillis() < deadline;
            return shownWithParents(
                    suite,
                    database,
                    tables,
                    rows,
                    gold,
                    predicted,
                    minimal,
                    minimal ? null : "shrinking stopped at its budget: rows may not be minimal");
        } catch (SQLException e) {
            return shownWithParents(
                    suite,
                    database,
                    tables,
                    rows,
                    golds.get(0).outcome(),
                    pred,
                    false,
                    "rows not shrunk: " + e.getMessage());
        } finally {
            FREE.get(suite.hash()).offer(slot);
        }
    }

    /**
     * Removes chunks of one table's rows (halves, then quarters, … single rows) while the queries
     * still disagree.
     */
    private static void shrink(
            Trial trial, Map<String, List<String[]>> rows, SuiteSchema.Table table, long deadline)
            throws SQLException {
        List<String[]> current = rows.get(table.qualified());
        int chunk = Math.max(1, (current.size() + 1) / 2);
        while (chunk >= 1 && !current.isEmpty()) {
            for (int from = 0; from < current.size(); ) {
                if (trial.trials >= MAX_TRIALS || System.currentTimeMillis() > deadline) return;
                List<String[]> without = new ArrayList<>(current.subList(0, from));
                without.addAll(
                        current.subList(Math.min(current.size(), from + chunk), current.size()));
                rows.put(table.qualified(), without);
                if (trial.keysHold(rows) && trial.differs(rows)) {
                    current = without;
                } else {
                    rows.put(table.qualified(), current);
                    from += chunk;
                }
            }
            if (chunk == 1) break;
            chunk = Math.max(1, chunk / 2);
        }
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
     * A free witness database of this suite (made on first use in this process), or null when none
     * frees up in time.
     */
    private String acquire(TestSuite suite) {
        BlockingQueue<String> free =
                FREE.computeIfAbsent(
                        suite.hash(),
                        h -> {
                            BlockingQueue<String> q = new ArrayBlockingQueue<>(SLOTS);
                            for (int i = 0; i < SLOTS; i++)
                                q.add(SuiteDatabase.PREFIX + h + "_w" + i);
                            return q;
                        });
        try {
            String slot = free.poll(60, TimeUnit.SECONDS);
            if (slot == null) return null;
            if (MADE.contains(slot)) return slot;
            try {
                SuiteDatabase.create(admin, slot);
                try (Connection c = DriverManager.getConnection(admin.forDatabase(slot))) {
                    List<String> notes = new ArrayList<>();
                    SuiteDatabase.applySchema(c, suite.schema(), notes);
                    for (SuiteSchema.View v : suite.schema().views())
                        if (!v.materialized())
                            SuiteDatabase.tryExecute(c, v.createStatement(), null);
                    SuiteDatabase.grantReader(c, suite.schema());
                }
                MADE.add(slot);
                return slot;
            } catch (SQLException e) {
                // no scratch database for the evidence: the grade stands without its rows
                free.offer(slot);
                return null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * {@link #shown} with the rows the evidence's rows reference in tables neither query reads: it
     * loads with foreign keys on.
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
            return shown(database, e.tables(), e.rows(), gold, pred, minimal, note);
        } catch (SQLException ex) {
            return shown(
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

    private static SuiteGrade.Evidence shown(
            String database,
            List<SuiteSchema.Table> tables,
            Map<String, List<String[]>> rows,
            QueryOutcome gold,
            QueryOutcome pred,
            boolean minimal,
            String note) {
        List<SuiteGrade.Table> shown = new ArrayList<>();
        for (SuiteSchema.Table t : tables) {
            List<List<String>> r =
                    rows.getOrDefault(t.qualified(), List.of()).stream()
                            .map(Arrays::asList)
                            .toList();
            shown.add(
                    new SuiteGrade.Table(
                            t.displayName(),
                            t.columns().stream().map(SuiteSchema.Column::name).toList(),
                            r));
        }
        return new SuiteGrade.Evidence(
                database,
                shown,
                results(gold),
                results(pred),
                pred.ok() ? null : pred.error(),
                minimal,
                note);
    }

    private static List<List<String>> results(QueryOutcome outcome) {
        if (outcome == null || !outcome.ok()) return null;
        List<List<String>> out = new ArrayList<>();
        for (List<Object> row : outcome.result().rows()) {
            if (out.size() == SHOWN_ROWS) break;
            out.add(
                    row.stream()
                            .map(
                                    v ->
                                            v == null
                                                    ? null
                                                    : v instanceof java.math.BigDecimal d
                                                            ? d.toPlainString()
                                                            : v.toString())
                            .toList());
        }
        return out;
    }

    /**
     * Loads a set of rows into the witness database and asks whether the two queries still disagree
     * on them.
     */
    private final class Trial {
        private final Connection writer;
        private final String slot;
        private final List<SuiteSchema.Table> tables;
        private final List<Grader.GoldRun> golds;
        private final String predSql;
        private final Grader grader;
        private final boolean suiteError;
        int trials;

        Trial(
                Connection writer,
                String slot,
                List<SuiteSchema.Table> tables,
                List<Grader.GoldRun> golds,
                String predSql,
                Grader grader,
                boolean suiteError) {
            this.writer = writer;
            this.slot = slot;
            this.tables = tables;
            this.golds = golds;
            this.predSql = predSql;
            this.grader = grader;
            this.suiteError = suiteError;
        }

        void load(Map<String, List<String[]>> rows) throws SQLException {
            try (Statement st = writer.createStatement()) {
                // a few dozen rows: deleting them is cheaper than a TRUNCATE's new files
                for (SuiteSchema.Table t : tables) st.addBatch("DELETE FROM " + t.qualified());
                if (!tables.isEmpty()) st.executeBatch();
            }
            for (SuiteSchema.Table t : tables) {
                List<String[]> wanted = rows.get(t.qualified());
                if (RowInserts.insert(writer, t, wanted).size() != wanted.size()) {
                    writer.rollback();
                    throw new SQLException("the witness refused rows of " + t.displayName());
                }
            }
            writer.commit();
        }

        boolean differs(Map<String, List<String[]>> rows) throws SQLException {
            trials++;
            load(rows);
            List<Grader.GoldRun> here = new ArrayList<>();
            for (Grader.GoldRun g : golds) {
                QueryOutcome outcome = executor.execute(slot, g.sql());
                if (outcome.ok()) here.add(new Grader.GoldRun(g.sql(), g.order(), outcome));
            }
            if (here.isEmpty()) return false;
            QueryOutcome pred = executor.execute(slot, predSql);
            if (suiteError)
                return !pred.ok()
                        && pred.errorClass() != dev.sqlexam.model.ErrorClass.INFRA_FAILURE;
            return pred.ok() && !grader.grade(here, pred).correct();
        }

        /** Every foreign key between the loaded tables still finds its parent row. */
        boolean keysHold(Map<String, List<String[]>> rows) {
            for (SuiteSchema.Table t : tables) {
                for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                    SuiteSchema.Table parent =
                            tables.stream()
                                    .filter(p -> p.qualified().equals(fk.parent()))
                                    .findFirst()
                                    .orElse(null);
                    if (parent == null) continue;
                    Set<List<String>> keys = new java.util.HashSet<>();
                    for (String[] p : rows.get(parent.qualified()))
                        keys.add(TableRows.values(p, parent, fk.parentColumns()));
                    for (String[] c : rows.get(t.qualified())) {
                        List<String> ref = TableRows.values(c, t, fk.columns());
                        if (!ref.contains(null) && !keys.contains(ref)) return false;
                    }
                }
            }
            return true;
        }
    }
}
