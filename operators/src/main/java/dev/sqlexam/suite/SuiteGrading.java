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
import java.util.ArrayList;
import java.util.List;

/**
 * Grades a prediction on its database's test suite with the exam database's comparison rules: the golds (each run once
 * per suite database and shared through the cache) and the prediction on every suite database the gold may be graded
 * on; the first database where they differ gives the verdict {@code suite_mismatch} and the evidence, shrunk by
 * {@link Witness}. A failure of the server skips that database; it never counts against the prediction.
 */
public final class SuiteGrading implements SuiteCheck {

    private final TestSuites suites;
    private final ReadOnlyExecutor executor;
    private final QueryCache golds;
    private final Grader grader;
    private final Witness witness;

    public SuiteGrading(TestSuites suites, ReadOnlyExecutor executor, QueryCache golds, Grader grader, Witness witness) {
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
        boolean strict = exam.correct();
        boolean lenient = exam.lenientCorrect();
        int checked = 0;
        List<String> skipped = new ArrayList<>();
        String kind = null;
        String database = null;
        String detail = null;
        SuiteGrade.Evidence evidence = null;
        List<String> goldSql = question.allGoldSql();
        List<String> digests = goldSql.stream().map(TestSuite::digest).toList();
        for (String db : suite.databases()) {
            List<Grader.GoldRun> runs = new ArrayList<>();
            String goldProblem = null;
            for (int g = 0; g < goldSql.size(); g++) {
                String gold = goldSql.get(g);
                String problem = suite.goldProblem(db, digests.get(g));
                if (problem == null) {
                    QueryOutcome outcome = golds.get(db, gold, () -> executor.execute(db, gold));
                    if (outcome.ok()) runs.add(new Grader.GoldRun(gold, OrderSpec.forGold(gold, question.orderMatters()), outcome));
                    else problem = (outcome.errorClass() == ErrorClass.INFRA_FAILURE ? "infra_failure: " : "gold_suite_error: ") + outcome.error();
                }
                if (goldProblem == null) goldProblem = problem;
            }
            if (runs.isEmpty()) {
                skipped.add(db + ": " + goldProblem);
                continue;
            }
            QueryOutcome pred = executor.execute(db, predSql);
            if (!pred.ok() && pred.errorClass() == ErrorClass.INFRA_FAILURE) {
                skipped.add(db + ": infra_failure: " + pred.error());
                continue;
            }
            checked++;
            Grade g = grader.grade(runs, pred);
            boolean strictHere = g.correct();
            boolean lenientHere = g.lenientCorrect();
            if (kind == null && (strict && !strictHere || lenient && !lenientHere)) {
                kind = pred.ok() ? SuiteGrade.RESULT_DIFFERS : SuiteGrade.SUITE_ERROR;
                database = db;
                detail = pred.ok() ? g.reason().code() + ": " + g.detail() : "the prediction fails where the gold runs: " + pred.error();
                evidence = witness == null ? null : witness.evidence(suite, db, runs, predSql, pred, grader);
            }
            strict &= strictHere;
            lenient &= lenientHere;
            if (!strict && !lenient) break;
        }
        return new SuiteGrade(strict, lenient, suite.databases().size(), checked, exam.correct(), exam.reason(), exam.lenientCorrect(), kind,
                database, detail, skipped, evidence);
    }
}
