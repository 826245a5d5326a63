package dev.sqlexam.flink;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.pipeline.GoldTablesStep;
import dev.sqlexam.pipeline.SyncStep;

/**
 * The {@link GoldTablesStep} as an operator: {@code gold_tables} derived from the gold query's plan
 * when a line gives none.
 */
public final class DeriveGoldTables extends SyncStepFunction<ExamQuestion, ExamQuestion> {

    private final ReaderAccess reader;
    private final ConnectionPolicy policy;

    public DeriveGoldTables(ReaderAccess reader, ConnectionPolicy policy) {
        this.reader = reader;
        this.policy = policy;
    }

    @Override
    protected SyncStep<ExamQuestion, ExamQuestion> openStep() {
        return new GoldTablesStep(reader, policy);
    }
}
