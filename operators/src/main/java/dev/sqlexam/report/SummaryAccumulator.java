package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;
import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/** Collects exam records per variant and repetition; turned into an {@link ExamSummary} at the end. */
public final class SummaryAccumulator implements Serializable {

    private final Map<String, Map<Integer, RunStats>> runs = new TreeMap<>();
    private final Map<String, Map<String, Boolean>> firstRunCorrect = new TreeMap<>();
    private long records;

    public void add(ExamRecord record) {
        if (record.repetition() == 1 && !dev.sqlexam.model.GradeReason.INFRA_FAILURE.code().equals(record.reason())) {
            firstRunCorrect.computeIfAbsent(record.variant(), v -> new java.util.HashMap<>()).put(record.questionId(), record.correct());
        }
        runs.computeIfAbsent(record.variant(), v -> new TreeMap<>())
                .computeIfAbsent(record.repetition(), r -> new RunStats())
                .add(record);
        records++;
    }

    public void merge(SummaryAccumulator other) {
        other.runs.forEach((variant, reps) -> reps.forEach((rep, stats) -> runs
                .computeIfAbsent(variant, v -> new TreeMap<>())
                .computeIfAbsent(rep, r -> new RunStats())
                .addAll(stats)));
        other.firstRunCorrect.forEach((variant, byQuestion) -> firstRunCorrect.computeIfAbsent(variant, v -> new java.util.HashMap<>())
                .putAll(byQuestion));
        records += other.records;
    }

    /** Per variant, per question: correct in the first run (infrastructure failures left out), for paired comparisons. */
    Map<String, Map<String, Boolean>> firstRunCorrect() {
        return firstRunCorrect;
    }

    public long records() {
        return records;
    }

    Map<String, Map<Integer, RunStats>> runs() {
        return runs;
    }
}
