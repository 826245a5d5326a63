package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects exam records per variant and repetition, and every question's verdicts; turned into an
 * {@link ExamSummary} at the end.
 */
public final class SummaryAccumulator implements Serializable {

    private final Map<String, Map<Integer, RunStats>> runs = new TreeMap<>();
    private final QuestionOutcomes outcomes = new QuestionOutcomes();
    private long records;
    private long goldExecutions;

    public static SummaryAccumulator of(Iterable<ExamRecord> records) {
        SummaryAccumulator out = new SummaryAccumulator();
        for (ExamRecord r : records) out.add(r);
        return out;
    }

    public void add(ExamRecord record) {
        outcomes.add(record);
        runs.computeIfAbsent(record.variant(), v -> new TreeMap<>())
                .computeIfAbsent(record.repetition(), r -> new RunStats())
                .add(record);
        records++;
        goldExecutions += record.goldExecuted();
    }

    public void merge(SummaryAccumulator other) {
        other.runs.forEach(
                (variant, reps) ->
                        reps.forEach(
                                (rep, stats) ->
                                        runs.computeIfAbsent(variant, v -> new TreeMap<>())
                                                .computeIfAbsent(rep, r -> new RunStats())
                                                .addAll(stats)));
        outcomes.addAll(other.outcomes);
        records += other.records;
        goldExecutions += other.goldExecutions;
    }

    public QuestionOutcomes outcomes() {
        return outcomes;
    }

    /** Gold queries the records ran themselves (the rest came from the gold cache). */
    public long goldExecutions() {
        return goldExecutions;
    }

    public long records() {
        return records;
    }

    Map<String, Map<Integer, RunStats>> runs() {
        return runs;
    }
}
