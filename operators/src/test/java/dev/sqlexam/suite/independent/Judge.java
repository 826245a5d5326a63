package dev.sqlexam.suite.independent;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.Grade;
import dev.sqlexam.sql.LimitTieProbe;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a question's golds and a prediction on one database (as sqlexam's reader, read-only) and
 * compares them with the project's grader: bags, free column order, order only when the gold
 * orders, ties, tolerances, alternatives.
 */
final class Judge {

    static final Grader GRADER = new Grader(Tolerance.DEFAULT);
    private final ReadOnlyExecutor executor;

    /**
     * Databases no one writes to after they are made (the exam and random databases): a query's
     * result there is kept, not asked for again.
     */
    private final Set<String> fixed = ConcurrentHashMap.newKeySet();

    private final Map<List<String>, QueryOutcome> results = new ConcurrentHashMap<>();

    Judge(ReadOnlyExecutor executor) {
        this.executor = executor;
    }

    /** From now on, results on {@code database} are kept. */
    void fixed(String database) {
        fixed.add(database);
    }

    QueryOutcome run(String database, String sql) {
        if (!fixed.contains(database)) return executor.execute(database, sql);
        List<String> key = List.of(database, sql);
        QueryOutcome kept = results.get(key);
        if (kept != null) return kept;
        QueryOutcome outcome = executor.execute(database, sql);
        if (outcome.ok()) results.put(key, outcome);
        return outcome;
    }

    /**
     * As {@link #run(String, String)} with a shorter timeout: always run (a kept result may have
     * taken longer), and kept when it ran in time.
     */
    QueryOutcome run(String database, String sql, long timeoutMs) {
        QueryOutcome outcome = executor.execute(database, sql, timeoutMs);
        if (outcome.ok() && fixed.contains(database)) results.put(List.of(database, sql), outcome);
        return outcome;
    }

    /** Every gold of the question (gold first, then alternatives) run on {@code database}. */
    List<Grader.GoldRun> golds(ExamQuestion q, String database) {
        List<Grader.GoldRun> runs = new ArrayList<>();
        for (String sql : q.allGoldSql())
            runs.add(
                    new Grader.GoldRun(
                            sql, OrderSpec.forGold(sql, q.orderMatters()), run(database, sql)));
        return runs;
    }

    /**
     * Why the golds are not a fair reference on {@code database} (one fails, or its LIMIT cuts
     * through a tie); empty when they are.
     */
    Optional<String> goldProblem(String database, List<Grader.GoldRun> golds) {
        for (Grader.GoldRun g : golds) {
            if (!g.outcome().ok()) return Optional.of("gold fails: " + g.outcome().error());
            Optional<LimitTieProbe.Probe> probe = LimitTieProbe.of(g.sql());
            if (probe.isPresent()) {
                QueryOutcome p = run(database, probe.get().sql());
                if (!p.ok()) return Optional.of("tie probe fails: " + p.error());
                if (LimitTieProbe.tieAtLimit(
                        probe.get(), p.result(), Tolerance.DEFAULT::valuesEqual))
                    return Optional.of("gold's LIMIT cuts a tie");
            } else if (LimitTieProbe.unreadable(g.sql()) != null) {
                return Optional.of("gold's LIMIT cannot be probed");
            }
        }
        return Optional.empty();
    }

    static Grade grade(List<Grader.GoldRun> golds, QueryOutcome prediction) {
        return GRADER.grade(golds, prediction);
    }

    /**
     * Whether the prediction differs from every gold on {@code database}: TRUE, FALSE, or empty
     * when that cannot be told there (a gold is undefined, or the prediction timed out or met a
     * failure of the server). A gold's ORDER BY keys after the first are taken as tie-breakers the
     * question may not ask for: the prediction must also differ from the gold ordered by its first
     * key only, and where that gold's LIMIT cuts a tie the database tells nothing (choosing other
     * tied rows is not wrong).
     */
    Optional<Boolean> differs(ExamQuestion q, String database, String prediction) {
        List<Grader.GoldRun> golds = golds(q, database);
        if (goldProblem(database, golds).isPresent()) return Optional.empty();
        List<Grader.GoldRun> loose = new ArrayList<>();
        for (String sql : q.allGoldSql()) {
            firstKeyOnly(sql)
                    .ifPresent(
                            l ->
                                    loose.add(
                                            new Grader.GoldRun(
                                                    l,
                                                    OrderSpec.forGold(l, q.orderMatters()),
                                                    run(database, l))));
        }
        if (goldProblem(database, loose).isPresent()) return Optional.empty();
        QueryOutcome pred = run(database, prediction);
        if (!pred.ok()
                && (pred.errorClass() == ErrorClass.INFRA_FAILURE
                        || pred.errorClass() == ErrorClass.QUERY_TIMEOUT)) return Optional.empty();
        return Optional.of(
                !grade(golds, pred).lenientCorrect()
                        && (loose.isEmpty() || !grade(loose, pred).lenientCorrect()));
    }

    /**
     * The query with its top-level ORDER BY cut to the first key; empty when it has fewer than two
     * keys or does not parse.
     */
    static Optional<String> firstKeyOnly(String sql) {
        try {
            if (CCJSqlParserUtil.parse(sql) instanceof PlainSelect ps
                    && ps.getOrderByElements() != null
                    && ps.getOrderByElements().size() > 1) {
                ps.setOrderByElements(List.of(ps.getOrderByElements().get(0)));
                return Optional.of(ps.toString());
            }
        } catch (Exception | StackOverflowError e) {
            // not parsed: no looser gold
        }
        return Optional.empty();
    }

    /** A short account of both results, for reports. */
    static String show(List<Grader.GoldRun> golds, QueryOutcome pred) {
        Grader.GoldRun g = golds.get(0);
        return "gold " + rows(g.outcome()) + " / prediction " + rows(pred);
    }

    private static String rows(QueryOutcome o) {
        if (!o.ok()) return "error " + o.error();
        var rows = o.result().rows();
        return rows.size() + " rows " + rows.subList(0, Math.min(3, rows.size()));
    }
}
