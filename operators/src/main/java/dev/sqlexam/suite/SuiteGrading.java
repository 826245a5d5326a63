package dev.sqlexam.suite;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.SuiteCheck;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.ReadOnlyExecutor;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

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
        SuiteGrade verdict =
                new PredictionCheck(
                                suite, question, predSql, predKey, exam, executor, golds, grader,
                                witness)
                        .run();
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
}
