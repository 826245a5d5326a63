package dev.sqlexam.grading;

import dev.sqlexam.model.ExamQuestion;

import java.util.List;

/** A Spider question on a SQLite file, as the tests of Spider's rule build one. */
final class SpiderQuestions {

    private SpiderQuestions() {}

    static ExamQuestion onFile(String id, String db, String gold, String dbFile) {
        return new ExamQuestion(
                id, db, "", gold, List.of(), List.of(), null, null, null, null, null, 0, null, null,
                null, dbFile, "spider");
    }
}
