package dev.sqlexam.grading;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.model.SuiteGrade;

import java.util.List;

/** The test suites' second opinion on a prediction the exam database graded correct, traced. */
final class SuiteVerification {

    private final SuiteCheck suites;

    SuiteVerification(SuiteCheck suites) {
        this.suites = suites;
    }

    /**
     * The suites' verdict on {@code sql}, its grade_suite stage appended to {@code trace} (null:
     * the question's database has no suite, nothing traced).
     */
    SuiteGrade check(
            ExamQuestion q,
            String sql,
            Grade grade,
            Grader.GoldMatches matched,
            List<StageTrace> trace) {
        long start = System.nanoTime();
        SuiteGrade verdict =
                suites.check(
                        q,
                        sql,
                        new SuiteCheck.ExamRecordGrade(
                                grade.correct(),
                                grade.reason().code(),
                                grade.lenientCorrect(),
                                matched.strict(),
                                matched.lenient()));
        if (verdict == null) return null;
        trace.add(stageOf(verdict, GradingTraces.elapsedMs(start)));
        return verdict;
    }

    private static StageTrace stageOf(SuiteGrade verdict, long ms) {
        if (verdict.unchecked()) {
            return StageTrace.ok(
                    Stage.GRADE_SUITE,
                    ms,
                    SuiteGrade.UNCHECKED
                            + ": no suite database where its gold is defined; the exam database's"
                            + " verdict stands");
        }
        if (verdict.correct()) {
            return StageTrace.ok(
                    Stage.GRADE_SUITE, ms, verdict.checked() + " suite database(s) agree");
        }
        return StageTrace.failed(
                Stage.GRADE_SUITE, GradeReason.SUITE_MISMATCH.code(), null, ms, mismatch(verdict));
    }

    /** What a suite database found wrong, as the trace and the record's failure say it. */
    static String mismatch(SuiteGrade verdict) {
        return verdict.kind() + " on " + verdict.database() + ": " + verdict.detail();
    }
}
