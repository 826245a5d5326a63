package dev.sqlexam.flink;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/** Expands each question into one task per config variant and repetition. */
public final class ScheduleRuns implements FlatMapFunction<ExamQuestion, ExamTask> {

    private final String runId;
    private final List<String> variants;
    private final int repetitions;

    public ScheduleRuns(String runId, List<String> variants, int repetitions) {
        if (variants.isEmpty()) throw new IllegalArgumentException("at least one variant");
        if (repetitions < 1) throw new IllegalArgumentException("repetitions must be >= 1, was " + repetitions);
        this.runId = runId;
        this.variants = new ArrayList<>(variants);
        this.repetitions = repetitions;
    }

    @Override
    public void flatMap(ExamQuestion question, Collector<ExamTask> out) {
        for (String variant : variants) {
            for (int rep = 1; rep <= repetitions; rep++) out.collect(new ExamTask(runId, variant, rep, question));
        }
    }
}
