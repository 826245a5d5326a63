package dev.sqlexam.suite;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.SuiteCheck;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.ArrayList;
import java.util.List;

/**
 * Grades a prediction on its database's test suite with the exam database's comparison rules. A
 * prediction is right when it matches one accepted gold (the gold or an alternative) on the exam
 * database and on every suite database where that same gold is defined; a suite database where that
 * gold errs, times out or cuts a tie with its LIMIT is set aside for it, never used to compare the
 * prediction with another gold. Golds run once per suite database (the cache); the first database
 * where the prediction differs gives {@code suite_mismatch} and the evidence, shrunk by {@link
 * Witness}. A database kept for other golds only is not used for this one. A failure of the server
 * skips that database; it never counts against the prediction. A prediction no suite database can
 * judge is {@code suite_unchecked}.
 */
public final class SuiteGrading implements SuiteCheck {

    private final TestSuites suites;
    private final ReadOnlyExecutor executor;
    private final QueryCache golds;
    private final Grader grader;
    private final Witness witness;

    /**
     * Verdicts by database, prediction text and the golds it matched: the same prediction in many
     * files is checked once.
     */
    private final Cache<List<Object>, SuiteGrade> verdicts =
            Caffeine.newBuilder().maximumSize(20_000).build();

    public SuiteGrading(
            TestSuites suites,
            ReadOnlyExecutor executor,
            QueryCache golds,
            Grader grader,
            Witness witness) {
        this.suites = suites;
        this.executor = executor;
        this.golds = golds;
        this.grader = grader;
        this.witness = witness;
    }

    @Override
    public SuiteGrade check(ExamQuestion question, String predSql, ExamRecordGrade exam) {
        TestSuite suite = suites.of(question.db());
        if (suite == null) return null;
        String predKey = SqlTextKey.of(predSql);
        List<Object> key = List.of(suite.hash(), predKey, question.allGoldSql(), exam);
        SuiteGrade cached = verdicts.getIfPresent(key);
        if (cached != null) return cached;
        SuiteGrade verdict = new Check(suite, question, predSql, predKey, exam).run();
        verdicts.put(key, verdict);
        return verdict;
    }

    /**
     * SQLSTATE classes of a query that the schema, not the data, refuses: undefined objects,
     * unsupported features.
     */
    static boolean lacking(String sqlstate) {
        return sqlstate != null
                && (sqlstate.startsWith("42")
                        || sqlstate.startsWith("0A")
                        || sqlstate.startsWith("XX"));
    }

    /** One gold the prediction matched on the exam database, followed over the suite databases. */
    private static final class Followed {
        final int index;
        final String sql;
        final OrderSpec order;
        final String digest;
        boolean strict;
        boolean lenient;
        int usable;
        Failure failure;

        Followed(int index, String sql, OrderSpec order, boolean strict, boolean lenient) {
            this.index = index;
            this.sql = sql;
            this.order = order;
            this.digest = TestSuite.digest(sql);
            this.strict = strict;
            this.lenient = lenient;
        }

        boolean alive() {
            return strict || lenient;
        }
    }

    /** Where and how a followed gold and the prediction first differed. */
    private record Failure(String database, Grader.GoldRun gold, QueryOutcome pred, Grade grade) {}

    private final class Check {
        private final TestSuite suite;
        private final ExamRecordGrade exam;
        private final String predSql;
        private final List<Followed> followed = new ArrayList<>();
        private final List<String> skipped = new ArrayList<>();

        /** The prediction is the one gold followed, up to formatting. */
        private boolean identical;

        private int checked;

        Check(
                TestSuite suite,
                ExamQuestion question,
                String predSql,
                String predKey,
                ExamRecordGrade exam) {
            this.suite = suite;
            this.exam = exam;
            this.predSql = predSql;
            List<String> all = question.allGoldSql();
            for (int g = 0; g < all.size(); g++) {
                boolean strict =
                        exam.correct()
                                && (exam.strictGolds() == null || exam.strictGolds().contains(g));
                boolean lenient =
                        exam.lenientCorrect()
                                && (exam.lenientGolds() == null || exam.lenientGolds().contains(g));
                if (!strict && !lenient) continue;
                Followed f =
                        new Followed(
                                g,
                                all.get(g),
                                OrderSpec.forGold(all.get(g), question.orderMatters()),
                                strict,
                                lenient);
                // the prediction is this gold up to formatting: it is the gold wherever the gold is
                // defined
                if (SqlTextKey.of(f.sql).equals(predKey)) {
                    followed.clear();
                    followed.add(f);
                    identical = true;
                    break;
                }
                followed.add(f);
            }
        }

        SuiteGrade run() {
            for (String db : suite.databases()) {
                if (followed.stream().noneMatch(Followed::alive)) break;
                if (identical) {
                    if (!suite.serves(db, followed.get(0).digest)) continue;
                    if (suite.goldProblem(db, followed.get(0).digest) == null)
                        followed.get(0).usable++;
                    else skipped.add(db + ": " + suite.goldProblem(db, followed.get(0).digest));
                    continue;
                }
                checkOn(db);
            }
            if (identical) checked = followed.get(0).usable;
            boolean strictChecked = followed.stream().anyMatch(f -> f.strict && f.usable > 0);
            boolean lenientChecked = followed.stream().anyMatch(f -> f.lenient && f.usable > 0);
            // a gold still matching that no suite database could judge: its verdict is the exam
            // database's, said so
            boolean strictUnknown =
                    !strictChecked && followed.stream().anyMatch(f -> f.strict && f.usable == 0);
            boolean lenientUnknown =
                    !lenientChecked && followed.stream().anyMatch(f -> f.lenient && f.usable == 0);
            boolean strict = strictChecked || strictUnknown;
            boolean lenient = lenientChecked || lenientUnknown;
            boolean unchecked = strictUnknown || lenientUnknown && !strictChecked;
            if (unchecked)
                skipped.add(
                        0,
                        SuiteGrade.UNCHECKED
                                + ": no suite database where the gold it matched is defined");
            boolean overturned = exam.correct() && !strict || exam.lenientCorrect() && !lenient;
            Failure first =
                    !overturned
                            ? null
                            : followed.stream()
                                    .filter(f -> f.failure != null)
                                    .map(f -> f.failure)
                                    .findFirst()
                                    .orElse(null);
            String kind = null;
            String database = null;
            String detail = null;
            SuiteGrade.Evidence evidence = null;
            if (first != null) {
                List<Grader.GoldRun> against = List.of(first.gold());
                // evidence against every gold the prediction matched on the exam database, where
                // one database tells it from all
                for (Followed f : followed) {
                    if (f.failure == null || !f.failure.pred().ok()) continue;
                    List<Grader.GoldRun> all = runsOn(f.failure.database());
                    if (all.size() > 1 && !grader.grade(all, f.failure.pred()).correct()) {
                        first = f.failure;
                        against = all;
                        break;
                    }
                }
                kind = first.pred().ok() ? SuiteGrade.RESULT_DIFFERS : SuiteGrade.SUITE_ERROR;
                database = first.database();
                detail =
                        first.pred().ok()
                                ? first.grade().reason().code() + ": " + first.grade().detail()
                                : "the prediction fails where the gold runs: "
                                        + first.pred().error();
                evidence =
                        witness == null
                                ? null
                                : witness.evidence(
                                        suite, database, against, predSql, first.pred(), grader);
            }
            return new SuiteGrade(
                    exam.correct() && strict,
                    exam.lenientCorrect() && lenient,
                    suite.databases().size(),
                    checked,
                    exam.correct(),
                    exam.reason(),
                    exam.lenientCorrect(),
                    kind,
                    database,
                    detail,
                    skipped,
                    evidence,
                    unchecked);
        }

        /**
         * The followed golds defined on {@code db}, with their results there (run once: the cache).
         */
        private List<Grader.GoldRun> runsOn(String db) {
            List<Grader.GoldRun> out = new ArrayList<>();
            for (Followed f : followed) {
                if (!suite.grades(db, f.digest)) continue;
                QueryOutcome gold = golds.get(db, f.sql, () -> executor.execute(db, f.sql));
                if (gold.ok()) out.add(new Grader.GoldRun(f.sql, f.order, gold));
            }
            return out;
        }

        /**
         * Compares the prediction with each followed gold still matching, on one suite database.
         */
        private void checkOn(String db) {
            QueryOutcome pred = null;
            boolean used = false;
            for (Followed f : followed) {
                if (!f.alive() || !suite.serves(db, f.digest)) continue;
                String problem = suite.goldProblem(db, f.digest);
                QueryOutcome gold = null;
                if (problem == null) {
                    gold = golds.get(db, f.sql, () -> executor.execute(db, f.sql));
                    if (!gold.ok())
                        problem =
                                (gold.errorClass() == ErrorClass.INFRA_FAILURE
                                                ? "infra_failure: "
                                                : "gold_suite_error: ")
                                        + gold.error();
                }
                if (problem != null) {
                    skipped.add(
                            db
                                    + (followed.size() > 1 ? " (gold " + f.index + ")" : "")
                                    + ": "
                                    + problem);
                    continue;
                }
                if (pred == null) {
                    pred = executor.execute(db, predSql);
                    if (!pred.ok() && pred.errorClass() == ErrorClass.INFRA_FAILURE) {
                        skipped.add(db + ": infra_failure: " + pred.error());
                        return;
                    }
                    if (!pred.ok() && lacking(pred.sqlstate())) {
                        // it ran on the exam database: the suite database lacks a function, type or
                        // object it uses
                        skipped.add(
                                db
                                        + ": the suite database lacks what the prediction uses ["
                                        + pred.sqlstate()
                                        + "]: "
                                        + pred.error());
                        return;
                    }
                }
                Grader.GoldRun run = new Grader.GoldRun(f.sql, f.order, gold);
                Grade g = grader.grade(List.of(run), pred);
                f.usable++;
                used = true;
                if (f.failure == null
                        && (f.strict && !g.correct() || f.lenient && !g.lenientCorrect()))
                    f.failure = new Failure(db, run, pred, g);
                f.strict &= g.correct();
                f.lenient &= g.lenientCorrect();
            }
            if (used) checked++;
        }
    }
}
