package dev.sqlexam.pipeline;

import java.util.Arrays;
import java.util.List;

/**
 * The pipeline's steps in their order, written once: the Flink graph wires this list and the path
 * without Flink ({@link QuestionPipeline}) walks it, each with an exhaustive switch, so a step
 * added here is a compile error in both until both handle it. A question enters {@link #EMBED} as a
 * scheduled task and leaves {@link #GRADE} as its record.
 */
public enum PipelineStep {
    /** Question text → vector ({@link EmbedStep}). */
    EMBED,
    /** Vector → at most three modules ({@link RouteStep}). */
    ROUTE,
    /** Schema context of the question ({@link RetrieveStep}). */
    RETRIEVE,
    /**
     * One task per group of variants that generate alike, per run ({@link
     * SharingPlan#splitForGeneration}).
     */
    SPLIT_BY_GENERATION,
    /**
     * A model's sketch recalls the tables retrieval missed ({@link SketchRecallStep}); only where a
     * variant has it on.
     */
    PRE_SQL,
    /**
     * Join paths over the FK subgraph ({@link PlanJoinsStep}); only where a variant has the planner
     * on.
     */
    PLAN_JOINS,
    /** SQL candidates from the variant's generator ({@link GenerateStep}). */
    GENERATE,
    /** One task per variant ({@link SharingPlan#splitForVariants}). */
    SPLIT_BY_VARIANT,
    /** Validate, lint, EXPLAIN, score, repair ({@link EvaluateStep}). */
    EVALUATE,
    /** Execute the chosen SQL and the gold, grade ({@link GradeStep}). */
    GRADE;

    /** Whether any of {@code configs} runs this step. */
    public boolean active(Variants<PipelineConfig> configs) {
        return switch (this) {
            case PRE_SQL -> configs.any(PipelineConfig::preSql);
            case PLAN_JOINS -> configs.any(c -> c.planner().enabled());
            default -> true;
        };
    }

    /**
     * The steps {@code configs} run from a scheduled task to its evaluated candidates: all but
     * {@link #GRADE}, in order.
     */
    public static List<PipelineStep> untilGraded(Variants<PipelineConfig> configs) {
        return Arrays.stream(values()).filter(s -> s != GRADE && s.active(configs)).toList();
    }
}
