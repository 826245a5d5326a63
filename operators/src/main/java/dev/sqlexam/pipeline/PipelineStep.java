package dev.sqlexam.pipeline;

/**
 * The pipeline's steps by name, for profiles and traces; their order and types are {@link
 * StepChain}'s. A question enters {@link #EMBED} as a scheduled task and leaves {@link #GRADE} as
 * its record.
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
}
