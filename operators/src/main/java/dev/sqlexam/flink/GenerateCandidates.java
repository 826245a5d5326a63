package dev.sqlexam.flink;

import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.GenerateStep;
import dev.sqlexam.pipeline.Step;
import dev.sqlexam.pipeline.Variants;

/**
 * The {@link GenerateStep} as an async operator: each question's SQL candidates from its variant's
 * generator.
 */
public final class GenerateCandidates extends AsyncStepFunction<RetrievalTask, GeneratedTask> {

    private final Variants<Generators> generators;

    public GenerateCandidates(Variants<Generators> generators) {
        this.generators = generators;
    }

    @Override
    protected Step<RetrievalTask, GeneratedTask> openStep() {
        return new GenerateStep(generators);
    }
}
