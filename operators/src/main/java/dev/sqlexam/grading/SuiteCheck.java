package dev.sqlexam.grading;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;

/** A second opinion on a prediction the exam database graded correct: its test suite's ({@code --test-suite N}). */
@FunctionalInterface
public interface SuiteCheck {

    /** The suite's verdict on {@code predSql} (null: the question's database has no suite); never throws. */
    SuiteGrade check(ExamQuestion question, String predSql, ExamRecordGrade examGrade);

    /** The exam database's verdict the suite may overturn. */
    record ExamRecordGrade(boolean correct, String reason, boolean lenientCorrect) {}
}
