package dev.sqlexam.suite;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.SuiteCheck.ExamRecordGrade;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;

/**
 * One prediction checked on its database's test suite ({@link SuiteGrading}): the golds it matched
 * on the exam database followed over the suite databases, each until the prediction differs from
 * it; then the verdict, with the evidence of the first difference.
 */
final class PredictionCheck {

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

    /** How the prediction was told apart: the kind, where, why, and the evidence. */
    private record Mismatch(
            String kind, String database, String detail, SuiteGrade.Evidence evidence) {}

    private final TestSuite suite;
    private final ExamRecordGrade exam;
    private final String predSql;
    private final ReadOnlyExecutor executor;
    private final QueryCache golds;
    private final Grader grader;
    private final Witness witness;
    private final List<Followed> followed = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();

    /** The prediction is the one gold followed, up to formatting. */
    private boolean identical;

    private int checked;

    /**
     * {@code golds}: the golds' results on the suite databases, run once; {@code witness}: null for
     * no evidence.
     */
    PredictionCheck(
            TestSuite suite,
            ExamQuestion question,
            String predSql,
            String predKey,
            ExamRecordGrade exam,
            ReadOnlyExecutor executor,
            QueryCache golds,
            Grader grader,
            Witness witness) {
        this.suite = suite;
        this.exam = exam;
        this.predSql = predSql;
        this.executor = executor;
        this.golds = golds;
        this.grader = grader;
        this.witness = witness;
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
            if (identical) countUsable(db);
            else checkOn(db);
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
        Mismatch mismatch = overturned ? mismatch() : null;
        SuiteGrade.Builder grade =
                SuiteGrade.of(exam.correct() && strict, exam.lenientCorrect() && lenient)
                        .databases(suite.databases().size(), checked)
                        .examDb(exam.correct(), exam.reason(), exam.lenientCorrect())
                        .skipped(skipped)
                        .unchecked(unchecked);
        if (mismatch != null)
            grade.difference(
                    mismatch.kind(), mismatch.database(), mismatch.detail(), mismatch.evidence());
        return grade.build();
    }

    /** The prediction is its gold: a database counts where the gold is defined. */
    private void countUsable(String db) {
        Followed gold = followed.get(0);
        if (!suite.serves(db, gold.digest)) return;
        if (suite.goldProblem(db, gold.digest) == null) gold.usable++;
        else skipped.add(db + ": " + suite.goldProblem(db, gold.digest));
    }

    /**
     * The first difference of an overturned prediction, with its evidence against every gold it
     * matched on the exam database where one database tells it from all; null when none was seen.
     */
    private Mismatch mismatch() {
        Failure first =
                followed.stream()
                        .filter(f -> f.failure != null)
                        .map(f -> f.failure)
                        .findFirst()
                        .orElse(null);
        if (first == null) return null;
        List<Grader.GoldRun> against = List.of(first.gold());
        for (Followed f : followed) {
            if (f.failure == null || !f.failure.pred().ok()) continue;
            List<Grader.GoldRun> all = runsOn(f.failure.database());
            if (all.size() > 1 && !grader.grade(all, f.failure.pred()).correct()) {
                first = f.failure;
                against = all;
                break;
            }
        }
        String detail =
                first.pred().ok()
                        ? first.grade().reason().code() + ": " + first.grade().detail()
                        : "the prediction fails where the gold runs: " + first.pred().error();
        return new Mismatch(
                first.pred().ok() ? SuiteGrade.RESULT_DIFFERS : SuiteGrade.SUITE_ERROR,
                first.database(),
                detail,
                witness == null
                        ? null
                        : witness.evidence(
                                suite, first.database(), against, predSql, first.pred(), grader));
    }

    /** The followed golds defined on {@code db}, with their results there (run once: the cache). */
    private List<Grader.GoldRun> runsOn(String db) {
        List<Grader.GoldRun> out = new ArrayList<>();
        for (Followed f : followed) {
            if (!suite.grades(db, f.digest)) continue;
            QueryOutcome gold = golds.get(db, f.sql, () -> executor.execute(db, f.sql));
            if (gold.ok()) out.add(new Grader.GoldRun(f.sql, f.order, gold));
        }
        return out;
    }

    /** Compares the prediction with each followed gold still matching, on one suite database. */
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
                if (!pred.ok() && SuiteGrading.lacking(pred.sqlstate())) {
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
            if (f.failure == null && (f.strict && !g.correct() || f.lenient && !g.lenientCorrect()))
                f.failure = new Failure(db, run, pred, g);
            f.strict &= g.correct();
            f.lenient &= g.lenientCorrect();
        }
        if (used) checked++;
    }
}
