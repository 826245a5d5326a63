package dev.sqlexam.grading;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.QueryOutcome;

import java.util.List;

/**
 * A second opinion on a prediction the exam database graded correct: its test suite's ({@code
 * --test-suite N}).
 */
@FunctionalInterface
public interface SuiteCheck {

    /**
     * The suite's verdict on {@code predSql} (null: the question's database has no suite); never
     * throws.
     */
    SuiteGrade check(ExamQuestion question, String predSql, ExamRecordGrade examGrade);

    /**
     * The exam database's verdict the suite may overturn, and which of the question's golds ({@link
     * ExamQuestion#allGoldSql} order) the prediction matched there, strictly and leniently: on a
     * suite database it is compared with those golds only (null: with any of them).
     */
    record ExamRecordGrade(
            boolean correct,
            String reason,
            boolean lenientCorrect,
            List<Integer> strictGolds,
            List<Integer> lenientGolds) {

        public ExamRecordGrade(boolean correct, String reason, boolean lenientCorrect) {
            this(correct, reason, lenientCorrect, null, null);
        }

        /**
         * The grade of {@code prediction} against {@code golds} on the exam database, with the
         * golds it matched.
         */
        public static ExamRecordGrade of(
                Grader grader, List<Grader.GoldRun> golds, QueryOutcome prediction) {
            dev.sqlexam.model.Grade grade = grader.grade(golds, prediction);
            Grader.GoldMatches matches = grader.matches(golds, prediction);
            return new ExamRecordGrade(
                    grade.correct(),
                    grade.reason().code(),
                    grade.lenientCorrect(),
                    matches.strict(),
                    matches.lenient());
        }
    }
}
