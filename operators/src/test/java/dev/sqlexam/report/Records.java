package dev.sqlexam.report;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.databind.DeserializationFeature;

/**
 * Exam records with only what the statistics read: variant, run, database, question and verdict.
 */
public final class Records {

    private Records() {}

    public static ExamRecord graded(
            String variant, int repetition, String db, String id, boolean correct) {
        return record(
                variant, repetition, db, id, correct, correct ? "match" : "value_mismatch", "easy");
    }

    static ExamRecord graded(
            String variant,
            int repetition,
            String db,
            String id,
            boolean correct,
            String difficulty) {
        return record(
                variant,
                repetition,
                db,
                id,
                correct,
                correct ? "match" : "value_mismatch",
                difficulty);
    }

    static ExamRecord infraFailure(String variant, int repetition, String db, String id) {
        return record(variant, repetition, db, id, false, "infra_failure", "easy");
    }

    private static ExamRecord record(
            String variant,
            int repetition,
            String db,
            String id,
            boolean correct,
            String reason,
            String difficulty) {
        String json =
                String.format(
                        "{\"variant\":\"%s\",\"repetition\":%d,\"db\":\"%s\",\"question_id\":\"%s\",\"correct\":%s,"
                                + "\"reason\":\"%s\",\"difficulty\":\"%s\",\"pred_sql\":\"SELECT %s\"}",
                        variant, repetition, db, id, correct, reason, difficulty, id);
        return fromJson(json);
    }

    /** A record of the fields {@code json} gives (the others absent or zero). */
    public static ExamRecord fromJson(String json) {
        try {
            return Json.MAPPER
                    .readerFor(ExamRecord.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .readValue(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
