package dev.sqlexam.pipeline;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.grading.GradingRules;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.repair.RepairLoop;
import dev.sqlexam.retrieval.RetrievalConfig;

import java.io.Serializable;

/**
 * One variant of the pipeline: every stage's options, each built from the variant's settings, bound
 * to the job's shared resources. The operators of a job hold one per variant ({@link Variants}) and
 * use the one of each task's variant.
 */
public record PipelineConfig(
        String name,
        String description,
        RetrievalSpec retrieval,
        boolean preSql,
        PlannerSpec planner,
        Generators generators,
        EvaluationSpec evaluation,
        ExecutionSpec execution,
        Prices prices)
        implements Serializable {

    /** What a variant's tokens cost, per 1,000 (0: not priced). */
    public record Prices(double per1kPrompt, double per1kCompletion) implements Serializable {

        public static Prices from(Settings s) {
            return new Prices(
                    s.get(SqlExamOptions.COST_PER_1K_PROMPT_TOKENS),
                    s.get(SqlExamOptions.COST_PER_1K_COMPLETION_TOKENS));
        }

        public boolean priced() {
            return per1kPrompt > 0 || per1kCompletion > 0;
        }

        public double of(long promptTokens, long completionTokens) {
            return promptTokens / 1000.0 * per1kPrompt
                    + completionTokens / 1000.0 * per1kCompletion;
        }
    }

    /**
     * The variant {@code name} of {@code settings}, its generators already resolved (auto probed)
     * by the caller.
     */
    public static PipelineConfig from(
            String name,
            String description,
            Settings settings,
            Generators generators,
            JobResources job,
            boolean passAtK,
            int executionFallbacks) {
        EmbeddingProviders embeddings = EmbeddingProviders.from(settings);
        RetrievalSpec retrieval =
                new RetrievalSpec(
                        job.state(),
                        embeddings,
                        job.dimensions(embeddings.modelName()),
                        RetrievalConfig.from(settings),
                        job.migrations(),
                        job.poolSize(),
                        job.connections(),
                        settings.get(SqlExamOptions.QUESTION_VECTOR_CACHE));
        EvaluationSpec evaluation =
                new EvaluationSpec(
                        job.reader(),
                        job.poolSize(),
                        CandidateEvaluator.Settings.from(settings),
                        RepairLoop.Settings.from(settings),
                        generators,
                        job.connections());
        ExecutionSpec execution =
                new ExecutionSpec(
                        job.reader(),
                        job.connections(),
                        job.poolSize(),
                        job.limits(),
                        GradingRules.from(settings),
                        passAtK,
                        executionFallbacks,
                        job.suites(),
                        settings.get(SqlExamOptions.TEST_SUITE_DIR).isBlank()
                                ? null
                                : settings.get(SqlExamOptions.TEST_SUITE_DIR));
        return new PipelineConfig(
                name,
                description,
                retrieval,
                settings.get(SqlExamOptions.PRE_SQL_ENABLED),
                PlannerSpec.from(settings),
                generators,
                evaluation,
                execution,
                Prices.from(settings));
    }
}
