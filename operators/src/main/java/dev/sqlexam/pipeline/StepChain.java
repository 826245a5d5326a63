package dev.sqlexam.pipeline;

/**
 * The pipeline's steps in their order, written once and typed: each step's output is the next one's
 * input, as the compiler checks. The Flink graph and the in-process path ({@link QuestionPipeline})
 * both walk it with their own {@link StepWiring}; grading follows, in each.
 */
public final class StepChain {

    private StepChain() {}

    /**
     * {@code tasks} through every step {@code configs} run, up to their evaluated candidates (a
     * step no variant has on, pre-SQL or the join planner, is left out).
     */
    public static <E, R, G, T extends Exception> G untilGraded(
            Variants<PipelineConfig> configs, StepWiring<E, R, G, T> wiring, E tasks) throws T {
        R retrieved = wiring.embed(tasks);
        retrieved = wiring.route(retrieved);
        retrieved = wiring.retrieve(retrieved);
        retrieved = wiring.splitByGeneration(retrieved);
        if (PipelineStep.PRE_SQL.active(configs)) retrieved = wiring.preSql(retrieved);
        if (PipelineStep.PLAN_JOINS.active(configs)) retrieved = wiring.planJoins(retrieved);
        G generated = wiring.generate(retrieved);
        generated = wiring.splitByVariant(generated);
        return wiring.evaluate(generated);
    }
}
