package dev.sqlexam.jobs.graph;

import dev.sqlexam.flink.EmbedQuestion;
import dev.sqlexam.flink.EvaluateCandidates;
import dev.sqlexam.flink.ExecuteAndGrade;
import dev.sqlexam.flink.GenerateCandidates;
import dev.sqlexam.flink.PlanJoins;
import dev.sqlexam.flink.RecallFromSketch;
import dev.sqlexam.flink.RetrieveSchema;
import dev.sqlexam.flink.RouteModules;
import dev.sqlexam.flink.SplitByGeneration;
import dev.sqlexam.flink.SplitByVariant;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.PipelineStep;
import dev.sqlexam.pipeline.RagGraphSource;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;

import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;

import java.util.concurrent.TimeUnit;

/**
 * The pipeline's own steps as a piece of graph, for the exam job and for the watch's shadow
 * evaluation alike: each {@link PipelineStep} the variants run, in its order, wired as its named
 * operator (embed after keyBy(question), plan joins after keyBy(database, modules), execute and
 * grade after keyBy(question)). Operator ids take a prefix so that one job may hold the piece once.
 */
record PipelineGraph(
        Variants<PipelineConfig> configs,
        SharingPlan plan,
        long asyncTimeoutMs,
        int asyncCapacity,
        String uidPrefix) {

    @SuppressWarnings("unchecked")
    DataStream<GeneratedTask> generate(DataStream<ExamTask> tasks) {
        DataStream<?> stream = tasks;
        for (PipelineStep step : PipelineStep.untilGraded(configs)) stream = wire(step, stream);
        return (DataStream<GeneratedTask>) stream;
    }

    SingleOutputStreamOperator<ExamRecord> executeAndGrade(DataStream<GeneratedTask> generated) {
        return async(
                        generated.keyBy(g -> g.task().questionKey()),
                        new ExecuteAndGrade(configs.map(PipelineConfig::execution)))
                .uid(uidPrefix + "execute-and-grade")
                .name("execute and grade");
    }

    /**
     * One step's operator on {@code in}; the casts hold because {@link PipelineStep}'s order chains
     * each output to the next input.
     */
    @SuppressWarnings("unchecked")
    private DataStream<?> wire(PipelineStep step, DataStream<?> in) {
        Variants<RetrievalSpec> retrieval = configs.map(PipelineConfig::retrieval);
        return switch (step) {
            case EMBED ->
                    ((DataStream<ExamTask>) in)
                            .keyBy(ExamTask::questionKey)
                            .map(new EmbedQuestion(retrieval))
                            .uid(uidPrefix + "embed-question")
                            .name("embed question");
            case ROUTE ->
                    retrievals(in)
                            .map(new RouteModules(retrieval))
                            .uid(uidPrefix + "route-modules")
                            .name("route to modules");
            case RETRIEVE ->
                    async(retrievals(in), new RetrieveSchema(retrieval))
                            .uid(uidPrefix + "retrieve-schema")
                            .name("retrieve schema (V1 + V2, doc-RAG)");
            case SPLIT_BY_GENERATION ->
                    retrievals(in)
                            .flatMap(new SplitByGeneration(plan))
                            .uid(uidPrefix + "split-by-generation")
                            .name("split per generation group and run");
            case PRE_SQL ->
                    async(retrievals(in), new RecallFromSketch(configs))
                            .uid(uidPrefix + "pre-sql-recall")
                            .name("pre-SQL sketch and backward recall");
            case PLAN_JOINS ->
                    retrievals(in)
                            .keyBy(RetrievalTask::planKey)
                            .process(
                                    new PlanJoins(
                                            new RagGraphSource(retrieval.reference()),
                                            configs.map(PipelineConfig::planner)))
                            .uid(uidPrefix + "plan-joins")
                            .name("plan joins (keyed FK subgraph cache)");
            // round robin, not by key: the subtasks share a slow endpoint's slots evenly, and
            // neither runs dry first at the end
            case GENERATE ->
                    async(
                                    retrievals(in).rebalance(),
                                    new GenerateCandidates(configs.map(PipelineConfig::generators)))
                            .uid(uidPrefix + "generate-candidates")
                            .name("generate candidates");
            case SPLIT_BY_VARIANT ->
                    generated(in)
                            .flatMap(new SplitByVariant(plan))
                            .uid(uidPrefix + "split-by-variant")
                            .name("split per variant");
            case EVALUATE ->
                    async(
                                    generated(in),
                                    new EvaluateCandidates(configs.map(PipelineConfig::evaluation)))
                            .uid(uidPrefix + "evaluate-candidates")
                            .name("evaluate candidates (validate, lint, EXPLAIN, score)");
            case GRADE -> executeAndGrade(generated(in));
        };
    }

    @SuppressWarnings("unchecked")
    private static DataStream<RetrievalTask> retrievals(DataStream<?> in) {
        return (DataStream<RetrievalTask>) in;
    }

    @SuppressWarnings("unchecked")
    private static DataStream<GeneratedTask> generated(DataStream<?> in) {
        return (DataStream<GeneratedTask>) in;
    }

    private <I, O> SingleOutputStreamOperator<O> async(DataStream<I> in, AsyncFunction<I, O> f) {
        return AsyncDataStream.unorderedWait(
                in, f, asyncTimeoutMs, TimeUnit.MILLISECONDS, asyncCapacity);
    }
}
