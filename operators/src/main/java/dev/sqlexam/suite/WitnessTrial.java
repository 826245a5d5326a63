package dev.sqlexam.suite;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads a set of rows into a witness database and asks whether the two queries still disagree on
 * them; shrinks the rows while they do ({@link Witness}).
 */
final class WitnessTrial {

    /** Trials one evidence may take. */
    static final int MAX_TRIALS = 160;

    private final ReadOnlyExecutor executor;
    private final Connection writer;
    private final String slot;
    private final List<SuiteSchema.Table> tables;
    private final List<Grader.GoldRun> golds;
    private final String predSql;
    private final Grader grader;
    private final boolean suiteError;
    private int trials;

    /**
     * {@code writer}: sqlexam's own connection to the witness database {@code slot}; {@code
     * suiteError}: the prediction failed where the gold ran (it must still fail).
     */
    WitnessTrial(
            ReadOnlyExecutor executor,
            Connection writer,
            String slot,
            List<SuiteSchema.Table> tables,
            List<Grader.GoldRun> golds,
            String predSql,
            Grader grader,
            boolean suiteError) {
        this.executor = executor;
        this.writer = writer;
        this.slot = slot;
        this.tables = tables;
        this.golds = golds;
        this.predSql = predSql;
        this.grader = grader;
        this.suiteError = suiteError;
    }

    /** Whether the trials stopped short of their limit. */
    boolean withinTrials() {
        return trials < MAX_TRIALS;
    }

    /**
     * Removes chunks of one table's rows (halves, then quarters, … single rows) while the queries
     * still disagree.
     */
    void shrink(Map<String, List<String[]>> rows, SuiteSchema.Table table, long deadline)
            throws SQLException {
        List<String[]> current = rows.get(table.qualified());
        int chunk = Math.max(1, (current.size() + 1) / 2);
        while (chunk >= 1 && !current.isEmpty()) {
            for (int from = 0; from < current.size(); ) {
                if (trials >= MAX_TRIALS || System.currentTimeMillis() > deadline) return;
                List<String[]> without = new ArrayList<>(current.subList(0, from));
                without.addAll(
                        current.subList(Math.min(current.size(), from + chunk), current.size()));
                rows.put(table.qualified(), without);
                if (keysHold(rows) && differs(rows)) {
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
        if (suiteError) return !pred.ok() && pred.errorClass() != ErrorClass.INFRA_FAILURE;
        return pred.ok() && !grader.grade(here, pred).correct();
    }

    /** Every foreign key between the loaded tables still finds its parent row. */
    private boolean keysHold(Map<String, List<String[]>> rows) {
        for (SuiteSchema.Table t : tables) {
            for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                SuiteSchema.Table parent =
                        tables.stream()
                                .filter(p -> p.qualified().equals(fk.parent()))
                                .findFirst()
                                .orElse(null);
                if (parent == null) continue;
                Set<List<String>> keys = new HashSet<>();
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
