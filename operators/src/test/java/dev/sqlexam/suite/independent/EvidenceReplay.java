package dev.sqlexam.suite.independent;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.QueryOutcome;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays a verdict's evidence: only its rows, loaded into an empty copy of the real schema (its
 * own DDL: domains, enums, checks and keys as they are, not the suite's copy), must still make the
 * prediction differ from the golds it matched on the exam database. Rows go in parents first by
 * retrying (a row whose parent is not there yet waits for the next pass); rows of a reference cycle
 * go in with their nullable references NULL and get them back afterwards. When the rows do not load
 * (a parent row the evidence left out, a value a domain or CHECK refuses), they are loaded once
 * more with foreign keys not enforced, to tell "the evidence is not a database of the schema" from
 * "the difference does not reproduce".
 */
final class EvidenceReplay {

    /**
     * {@code replays}: on the real schema; {@code withoutForeignKeys}: when the rows load only with
     * foreign keys off, whether it replays then.
     */
    record Outcome(boolean replays, boolean withoutForeignKeys, String detail) {}

    private record Row(String table, List<String> columns, List<String> values) {}

    private EvidenceReplay() {}

    static Outcome replay(
            ScratchDatabases dbs,
            String emptyDb,
            Catalog catalog,
            Judge judge,
            ExamQuestion q,
            String prediction,
            SuiteGrade verdict,
            List<Integer> matchedGolds)
            throws SQLException {
        SuiteGrade.Evidence evidence = verdict.evidence();
        if (evidence == null || evidence.tables() == null || evidence.tables().isEmpty())
            return new Outcome(false, false, "no evidence");
        String loadError = load(dbs, emptyDb, catalog, evidence, false);
        if (loadError == null)
            return compare(emptyDb, judge, q, prediction, verdict, matchedGolds, false);
        String detail = "evidence does not load into the real schema: " + loadError;
        String looseError = load(dbs, emptyDb, catalog, evidence, true);
        if (looseError != null)
            return new Outcome(
                    false, false, detail + "; not even with foreign keys off: " + looseError);
        Outcome loose = compare(emptyDb, judge, q, prediction, verdict, matchedGolds, true);
        return new Outcome(
                false,
                loose.withoutForeignKeys(),
                detail
                        + "; with foreign keys off it "
                        + (loose.withoutForeignKeys()
                                ? "replays"
                                : "does not replay either: " + loose.detail()));
    }

    private static Outcome compare(
            String emptyDb,
            Judge judge,
            ExamQuestion q,
            String prediction,
            SuiteGrade verdict,
            List<Integer> matchedGolds,
            boolean loose) {
        List<Grader.GoldRun> all = judge.golds(q, emptyDb);
        List<Grader.GoldRun> golds = new ArrayList<>();
        for (int i = 0; i < all.size(); i++)
            if (matchedGolds == null || matchedGolds.contains(i)) golds.add(all.get(i));
        if (golds.isEmpty()) golds = all;
        var problem = judge.goldProblem(emptyDb, golds);
        if (problem.isPresent())
            return new Outcome(false, false, "on the evidence alone: " + problem.get());
        QueryOutcome pred = judge.run(emptyDb, prediction);
        boolean differs =
                SuiteGrade.SUITE_ERROR.equals(verdict.kind())
                        ? !pred.ok()
                        : pred.ok() && !Judge.grade(golds, pred).lenientCorrect();
        String detail =
                differs
                        ? ""
                        : SuiteGrade.SUITE_ERROR.equals(verdict.kind())
                                ? "the prediction runs on the evidence"
                                : "same result on the evidence alone: " + Judge.show(golds, pred);
        return new Outcome(differs && !loose, differs, detail);
    }

    /**
     * Loads the evidence into {@code emptyDb} (emptied first); returns why it could not, or null.
     */
    private static String load(
            ScratchDatabases dbs,
            String emptyDb,
            Catalog catalog,
            SuiteGrade.Evidence evidence,
            boolean foreignKeysOff)
            throws SQLException {
        List<Row> pending = new ArrayList<>();
        for (SuiteGrade.Table t : evidence.tables()) {
            String table = unqualified(t.name());
            for (List<String> r : t.rows()) pending.add(new Row(table, t.columns(), r));
        }
        try (Connection c = dbs.open(emptyDb)) {
            c.setAutoCommit(false);
            dbs.emptyAll(c, emptyDb);
            if (foreignKeysOff)
                try (var st = c.createStatement()) {
                    st.execute("SET LOCAL session_replication_role = replica");
                }
            List<String> lastErrors = List.of();
            while (!pending.isEmpty()) {
                List<Row> next = new ArrayList<>();
                List<String> errors = new ArrayList<>();
                for (Row r : pending) {
                    List<String> e =
                            ScratchDatabases.insertText(
                                    c, r.table(), r.columns(), List.of(r.values()));
                    if (!e.isEmpty()) {
                        next.add(r);
                        errors.addAll(e);
                    }
                }
                if (next.size() == pending.size()) {
                    lastErrors = errors;
                    break;
                }
                pending = next;
            }
            if (!pending.isEmpty() && !loadCycle(c, catalog, pending)) {
                c.rollback();
                return pending.size() + " rows refused, first: " + lastErrors.get(0);
            }
            c.commit();
        }
        return null;
    }

    /**
     * Rows that wait on each other: inserted with their nullable foreign keys NULL, then updated;
     * false when that fails too.
     */
    private static boolean loadCycle(Connection c, Catalog catalog, List<Row> rows)
            throws SQLException {
        List<Object[]> later = new ArrayList<>();
        for (Row r : rows) {
            Catalog.Table t = catalog.tables().get(r.table());
            if (t == null) return false;
            List<String> values = new ArrayList<>(r.values());
            List<String> deferred = new ArrayList<>();
            for (Catalog.ForeignKey fk : t.foreignKeys()) {
                for (String col : fk.columns()) {
                    int i = r.columns().indexOf(col);
                    if (i >= 0 && values.get(i) != null && !t.column(col).notNull()) {
                        deferred.add(col);
                        values.set(i, null);
                    }
                }
            }
            String sql =
                    "INSERT INTO "
                            + Catalog.quote(r.table())
                            + " ("
                            + String.join(", ", r.columns().stream().map(Catalog::quote).toList())
                            + ") VALUES ("
                            + String.join(", ", r.columns().stream().map(x -> "?").toList())
                            + ") RETURNING ctid::text";
            try (PreparedStatement st = c.prepareStatement(sql)) {
                for (int i = 0; i < values.size(); i++)
                    st.setObject(i + 1, values.get(i), Types.OTHER);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    later.add(new Object[] {r, deferred, rs.getString(1)});
                }
            } catch (SQLException e) {
                return false;
            }
        }
        for (Object[] l : later) {
            Row r = (Row) l[0];
            @SuppressWarnings("unchecked")
            List<String> deferred = (List<String>) l[1];
            if (deferred.isEmpty()) continue;
            String sql =
                    "UPDATE "
                            + Catalog.quote(r.table())
                            + " SET "
                            + String.join(
                                    ", ",
                                    deferred.stream().map(d -> Catalog.quote(d) + " = ?").toList())
                            + " WHERE ctid = ?::tid";
            try (PreparedStatement st = c.prepareStatement(sql)) {
                for (int i = 0; i < deferred.size(); i++)
                    st.setObject(
                            i + 1,
                            r.values().get(r.columns().indexOf(deferred.get(i))),
                            Types.OTHER);
                st.setString(deferred.size() + 1, (String) l[2]);
                st.executeUpdate();
            } catch (SQLException e) {
                return false;
            }
        }
        return true;
    }

    static String unqualified(String name) {
        String n = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
        return n.startsWith("\"") && n.endsWith("\"")
                ? n.substring(1, n.length() - 1).replace("\"\"", "\"")
                : n;
    }
}
