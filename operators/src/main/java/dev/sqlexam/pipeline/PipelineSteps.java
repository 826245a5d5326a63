package dev.sqlexam.pipeline;

import java.io.Serializable;

/**
 * Where each of the pipeline's steps is built from the variants' pipelines: the job's operators
 * open theirs from it on every worker ({@code subtasks}: how many of a step run at once in that
 * process), the in-process pipeline ({@link QuestionPipeline}: ask, the MCP server) its own, with
 * one of each.
 */
public final class PipelineSteps implements Serializable {

    private final Variants<PipelineConfig> configs;

    public PipelineSteps(Variants<PipelineConfig> configs) {
        this.configs = configs;
    }

    public Variants<PipelineConfig> configs() {
        return configs;
    }

    /** A question's gold tables from its gold's plan, as the reference variant's reader reads. */
    public GoldTablesStep goldTables() {
        ExecutionSpec execution = configs.reference().execution();
        return new GoldTablesStep(execution.reader(), execution.connections());
    }

    public EmbedStep embed() {
        return new EmbedStep(retrieval());
    }

    public RouteStep route() {
        return new RouteStep(retrieval());
    }

    public RetrieveStep retrieve(int subtasks) {
        return new RetrieveStep(retrieval(), subtasks);
    }

    public SketchRecallStep recall() {
        return new SketchRecallStep(configs);
    }

    /** Join planning over the reference variant's schema index. */
    public PlanJoinsStep planJoins() {
        return new PlanJoinsStep(
                new RagGraphSource(configs.reference().retrieval()),
                configs.map(PipelineConfig::planner));
    }

    public GenerateStep generate() {
        return new GenerateStep(configs.map(PipelineConfig::generators));
    }

    public EvaluateStep evaluate() {
        return new EvaluateStep(configs.map(PipelineConfig::evaluation));
    }

    public GradeStep grade(GradeStep.CacheSizes caches, int subtasks) {
        return new GradeStep(configs.map(PipelineConfig::execution), caches, subtasks);
    }

    private Variants<RetrievalSpec> retrieval() {
        return configs.map(PipelineConfig::retrieval);
    }
}
