package dev.sqlexam.model;

import java.io.Serializable;

/** A question scheduled in one run: which config variant and which repetition it belongs to. */
public record ExamTask(String runId, String variant, int repetition, ExamQuestion question)
        implements Serializable {

    /** Stable identity of this task inside a run; the JDBC upsert key. */
    public String key() {
        return runId + "/" + variant + "/" + repetition + "/" + question.id();
    }
}
