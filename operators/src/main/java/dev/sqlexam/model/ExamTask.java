package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/**
 * A question scheduled in one run: which config variant and which repetition it belongs to. Before
 * the stages where variants part ways, one task does the work of several: {@code group} names every
 * variant it stands for (the {@code variant} whose options it is run with among them), and
 * repetition 0 stands for every repetition.
 */
public record ExamTask(
        String runId, String variant, int repetition, ExamQuestion question, List<String> group)
        implements Serializable {

    public ExamTask {
        group = group == null || group.isEmpty() ? List.of(variant) : List.copyOf(group);
    }

    public ExamTask(String runId, String variant, int repetition, ExamQuestion question) {
        this(runId, variant, repetition, question, List.of(variant));
    }

    /** Stable identity of this task inside a run; the JDBC upsert key. */
    public String key() {
        return runId + "/" + variant + "/" + repetition + "/" + question.id();
    }

    /** The same question for another variant, repetition and group. */
    public ExamTask as(String variant, int repetition, List<String> group) {
        return new ExamTask(runId, variant, repetition, question, group);
    }

    /** The question's identity across variants and runs: its database and id. */
    public String questionKey() {
        return question.db() + "/" + question.id();
    }
}
