package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;
import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/** Collects exam records per variant and repetition; turned into an {@link ExamSummary} at the end. */
public final class SummaryAccumulator implements Serializable {

    private final Map<String, Map<Integer, RunStats>> runs = new TreeMap<>();
    private long records;

    public void add(ExamRecord record) {
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
        records += other.records;
    }

    public long records() {
        return records;
    }

    Map<String, Map<Integer, RunStats>> runs() {
        return runs;
    }
}
