package dev.sqlexam.pipeline;

/**
 * How one way of running the pipeline runs each of its steps, typed by what flows between them:
 * {@code E} carries scheduled tasks, {@code R} tasks with their retrieval, {@code G} tasks with
 * their generated candidates. The Flink graph wires streams ({@code DataStream<ExamTask>}, ...),
 * the in-process path runs one element ({@code ExamTask}, ...); {@link StepChain} calls these in
 * the pipeline's order, so a step given the wrong input does not compile.
 *
 * @param <T> what a step may throw (the in-process path waits; the graph only wires)
 */
public interface StepWiring<E, R, G, T extends Exception> {

    /** Question text → vector ({@link EmbedStep}). */
    R embed(E tasks) throws T;

    /** Vector → at most three modules ({@link RouteStep}). */
    R route(R tasks) throws T;

    /** Schema context of the question ({@link RetrieveStep}). */
    R retrieve(R tasks) throws T;

    /** One task per group of variants that generate alike, per run. */
    R splitByGeneration(R tasks) throws T;

    /** A model's sketch recalls the tables retrieval missed ({@link SketchRecallStep}). */
    R preSql(R tasks) throws T;

    /** Join paths over the FK subgraph ({@link PlanJoinsStep}). */
    R planJoins(R tasks) throws T;

    /** SQL candidates from the variant's generator ({@link GenerateStep}). */
    G generate(R tasks) throws T;

    /** One task per variant. */
    G splitByVariant(G tasks) throws T;

    /** Validate, lint, EXPLAIN, score, repair ({@link EvaluateStep}). */
    G evaluate(G tasks) throws T;
}
