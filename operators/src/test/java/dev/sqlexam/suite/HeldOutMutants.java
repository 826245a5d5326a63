package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.evaluation.SemanticCorruptor;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.SuiteCheck;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.LimitTieProbe;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * For {@link TestSuiteITCase}: the single mutations of one gold that return its rows on the exam
 * database yet differ on a held-out database, each with the suite's verdict and whether its
 * evidence replays. Safe on several threads: held-out databases are only read (a gold's result on
 * one is kept), and each thread replays evidence in a replay database of its own.
 */
final class HeldOutMutants {

    private static final Grader GRADER = new Grader(dev.sqlexam.grading.Tolerance.DEFAULT);

    /**
     * A mutant a held-out database tells apart: its kind, whether the suite caught it and its
     * evidence replays, and the line to print when not.
     */
    record Known(String kind, boolean caught, boolean replayed, String missed, String note) {}

    private final JdbcUrlTemplate server;
    private final ReadOnlyExecutor onUser;
    private final ReadOnlyExecutor onSuite;
    private final Map<List<String>, QueryOutcome> heldOutGolds = new ConcurrentHashMap<>();
    private final Map<String, BlockingQueue<String>> replayDbs = new ConcurrentHashMap<>();
    private final Set<String> made = ConcurrentHashMap.newKeySet();

    /** A connection per replay database, kept: the database's queue lends it to one thread. */
    private final Map<String, Connection> loaders = new ConcurrentHashMap<>();

    HeldOutMutants(JdbcUrlTemplate server, ReadOnlyExecutor onUser, ReadOnlyExecutor onSuite) {
        this.server = server;
        this.onUser = onUser;
        this.onSuite = onSuite;
    }

    /** The known wrong mutants of {@code q}'s gold, in the order they are made. */
    List<Known> of(String db, TestSuiteITCase.Built b, ExamQuestion q) throws Exception {
        if (LimitTieProbe.of(q.goldSql()).isPresent())
            return List.of(); // a tie at the LIMIT would make the gold itself unstable
        QueryOutcome gold = onUser.execute(db, q.goldSql());
        if (!gold.ok()) return List.of();
        List<Grader.GoldRun> golds = List.of(goldRun(q, gold));
        Map<String, String> mutants = new LinkedHashMap<>();
        Neighbours.of(q.goldSql(), 40)
                .forEach(n -> mutants.putIfAbsent(n.sql(), "neighbour: " + n.mutation()));
        SemanticCorruptor.corrupt(q.goldSql(), Map.of())
                .forEach(v -> mutants.putIfAbsent(v.sql(), "corruptor: " + v.type()));
        List<Known> out = new ArrayList<>();
        for (var m : mutants.entrySet()) {
            // the small held-out databases first: the exam database (ERP's, millions of rows) is
            // asked only about the mutants they tell apart (ERP: 1,473 of 1,925)
            if (!distinguishedByHeldOut(b.heldOut(), q, m.getKey())) continue;
            QueryOutcome onExam =
                    onUser.execute(db, m.getKey(), MutantTimeout.forGold(gold.elapsedMs()));
            if (!onExam.ok() || !GRADER.grade(golds, onExam).correct())
                continue; // execution accuracy already catches it
            String kind =
                    m.getValue().replaceAll(" \\d+$", "").replaceAll("comparison .*", "comparison");
            SuiteGrade verdict =
                    b.grading()
                            .check(
                                    q,
                                    m.getKey(),
                                    new SuiteCheck.ExamRecordGrade(true, "match", true));
            if (verdict.correct()) {
                out.add(
                        new Known(
                                kind,
                                false,
                                false,
                                q.id() + " [" + m.getValue() + "] " + m.getKey(),
                                null));
                continue;
            }
            boolean replayed = replays(b.suite(), q, m.getKey(), verdict);
            String note =
                    replayed
                            ? null
                            : "[suite] evidence does not replay for "
                                    + q.id()
                                    + " (minimal "
                                    + (verdict.evidence() != null && verdict.evidence().minimal())
                                    + ", note "
                                    + (verdict.evidence() == null
                                            ? "none"
                                            : verdict.evidence().note())
                                    + "): "
                                    + m.getKey();
            out.add(new Known(kind, true, replayed, null, note));
        }
        return out;
    }

    private boolean distinguishedByHeldOut(List<String> heldOut, ExamQuestion q, String mutant) {
        for (String h : heldOut) {
            QueryOutcome gold = heldOutGold(h, q);
            if (!gold.ok()) continue;
            QueryOutcome m = onSuite.execute(h, mutant);
            if (m.errorClass() == ErrorClass.INFRA_FAILURE) continue;
            if (!GRADER.grade(List.of(goldRun(q, gold)), m).correct()) return true;
        }
        return false;
    }

    /** The gold's result on held-out database {@code h}, run once when it runs. */
    private QueryOutcome heldOutGold(String h, ExamQuestion q) {
        List<String> key = List.of(h, q.goldSql());
        QueryOutcome kept = heldOutGolds.get(key);
        if (kept != null) return kept;
        QueryOutcome gold = onSuite.execute(h, q.goldSql());
        if (gold.ok()) heldOutGolds.put(key, gold);
        return gold;
    }

    /**
     * Loads only the evidence's rows into a database of the schema (empty otherwise) and checks the
     * two queries still disagree there.
     */
    private boolean replays(TestSuite suite, ExamQuestion q, String mutant, SuiteGrade verdict)
            throws Exception {
        SuiteGrade.Evidence evidence = verdict.evidence();
        if (evidence == null || evidence.tables().isEmpty()) return false;
        BlockingQueue<String> free = replayDbs(suite);
        String name = free.take();
        try {
            load(suite, name, evidence);
            QueryOutcome gold = onSuite.execute(name, q.goldSql());
            QueryOutcome pred = onSuite.execute(name, mutant);
            if (!gold.ok()) return false;
            if (SuiteGrade.SUITE_ERROR.equals(verdict.kind())) return !pred.ok();
            return pred.ok() && !GRADER.grade(List.of(goldRun(q, gold)), pred).correct();
        } finally {
            free.add(name);
        }
    }

    private void load(TestSuite suite, String name, SuiteGrade.Evidence evidence)
            throws SQLException {
        if (made.add(name)) {
            SuiteDatabase.create(server, name);
            try (Connection c = DriverManager.getConnection(server.forDatabase(name))) {
                SuiteDatabase.applySchema(c, suite.schema(), new ArrayList<>());
                SuiteDatabase.grantReader(c, suite.schema());
                SuiteDatabase.autovacuumOff(c, suite.schema(), new ArrayList<>());
            }
        }
        Connection c = loaders.get(name);
        if (c == null) {
            c = DriverManager.getConnection(server.forDatabase(name));
            loaders.put(name, c);
        }
        try {
            c.setAutoCommit(false);
            // DELETE, as the suite's own scratch databases are emptied (no foreign keys here, a
            // few rows): a TRUNCATE makes every table's and index's files anew (~55 ms for ERP)
            try (Statement st = c.createStatement()) {
                st.execute(
                        suite.schema().tables().stream()
                                .map(t -> "DELETE FROM " + t.qualified())
                                .collect(Collectors.joining("; ")));
            }
            for (SuiteGrade.Table t : evidence.tables()) {
                SuiteSchema.Table table = suite.schema().table(t.name());
                List<String[]> rows = t.rows().stream().map(r -> r.toArray(new String[0])).toList();
                assertThat(SuiteDatabase.insert(c, table, rows)).hasSize(rows.size());
            }
            c.commit();
        } catch (Throwable e) {
            // a failed load leaves no session behind for the next one: the next load logs in anew
            loaders.remove(name);
            try {
                c.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** One replay database per thread for {@code suite}'s schema, made on first use. */
    private BlockingQueue<String> replayDbs(TestSuite suite) {
        return replayDbs.computeIfAbsent(
                suite.hash(),
                h -> {
                    BlockingQueue<String> q = new ArrayBlockingQueue<>(InOrder.THREADS);
                    for (int i = 0; i < InOrder.THREADS; i++)
                        q.add(SuiteDatabase.PREFIX + "replay_" + h + "_" + i);
                    return q;
                });
    }

    /** Drops the replay databases made. */
    void close() throws SQLException {
        for (Connection c : loaders.values()) {
            try {
                c.close();
            } catch (SQLException e) {
                System.out.println("[suite] a replay session did not close: " + e.getMessage());
            }
        }
        for (String r : made) SuiteDatabase.drop(server, r);
    }

    private static Grader.GoldRun goldRun(ExamQuestion q, QueryOutcome gold) {
        return new Grader.GoldRun(
                q.goldSql(), OrderSpec.forGold(q.goldSql(), q.orderMatters()), gold);
    }
}
