package dev.sqlexam.flink;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.pipeline.GoldTablesStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link GoldTablesStep} as an operator: {@code gold_tables} derived from the gold query's plan
 * when a line gives none.
 */
public final class DeriveGoldTables extends SyncStepFunction<ExamQuestion, ExamQuestion> {

    public DeriveGoldTables(StepOpener<GoldTablesStep> opener) {
        super(opener);
    }
}
