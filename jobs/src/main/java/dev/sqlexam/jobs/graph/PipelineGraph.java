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
import dev.sqlexam.pipeline.RagGraphSource;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.StageChain;
import dev.sqlexam.pipeline.StageWiring;
import dev.sqlexam.pipeline.Variants;

import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;

import java.util.concurrent.TimeUnit;

/**
 * The pipeline's own steps as a piece of graph, for the exam job and for the watch's shadow
 * evaluation alike: the {@link StageChain} the variants run, each step wired as its named operator
 * (embed after keyBy(question), plan joins after keyBy(database, modules), execute and grade after
 * keyBy(question)). Operator ids take a prefix so that one job may hold the piece once.
 */
record PipelineGraph(
        Variants<PipelineConfig> configs,
        SharingPlan plan,
        long asyncTimeoutMs,
        int asyncCapacity,
        String uidPrefix)
        implements StageWiring<
                DataStream<ExamTask>,
                DataStream<RetrievalTask>,
                DataStream<GeneratedTask>,
                RuntimeException> {

    DataStream<GeneratedTask> untilGraded(DataStream<ExamTask> tasks) {
        return StageChain.untilGraded(configs, this, tasks);
    }

    SingleOutputStreamOperator<ExamRecord> executeAndGrade(DataStream<GeneratedTask> generated) {
        return async(
                        generated.keyBy(g -> g.task().questionKey()),
                        new ExecuteAndGrade(configs.map(PipelineConfig::execution)))
                .uid(uidPrefix + "execute-and-grade")
                .name("execute and grade");
    }

    /**
     * As {@link #executeAndGrade(DataStream)}, for a grade's tasks already keyed by question: one
     * per predictions file and run, sharing the question's golds; most of them (files that do not
     * answer the question) run no query.
     */
    SingleOutputStreamOperator<ExamRecord> gradeFiles(
            KeyedStream<GeneratedTask, String> byQuestion) {
        return async(
                        byQuestion,
                        new ExecuteAndGrade(configs.map(PipelineConfig::execution)),
                        Math.min(Long.MAX_VALUE / tasksPerQuestion(), asyncTimeoutMs)
                                * tasksPerQuestion(),
                        gradingCapacity())
                .uid(uidPrefix + "execute-and-grade")
                .name("execute and grade");
    }

    /**
     * A grade's tasks in flight: async_capacity counts questions, and each comes as one task per
     * predictions file and run. A task's time limit runs from when it enters, queue included: it
     * grows by as much, so that a task waiting behind its neighbours for a query thread has the
     * time a question had.
     */
    int gradingCapacity() {
        return (int) Math.min(Integer.MAX_VALUE, (long) asyncCapacity * tasksPerQuestion());
    }

    private int tasksPerQuestion() {
        return plan.variants().size() * plan.repetitions();
    }

    @Override
    public DataStream<RetrievalTask> embed(DataStream<ExamTask> tasks) {
        return tasks.keyBy(ExamTask::questionKey)
                .map(new EmbedQuestion(retrieval()))
                .uid(uidPrefix + "embed-question")
                .name("embed question");
    }

    @Override
    public DataStream<RetrievalTask> route(DataStream<RetrievalTask> tasks) {
        return tasks.map(new RouteModules(retrieval()))
                .uid(uidPrefix + "route-modules")
                .name("route to modules");
    }

    @Override
    public DataStream<RetrievalTask> retrieve(DataStream<RetrievalTask> tasks) {
        return async(tasks, new RetrieveSchema(retrieval()))
                .uid(uidPrefix + "retrieve-schema")
                .name("retrieve schema (V1 + V2, doc-RAG)");
    }

    @Override
    public DataStream<RetrievalTask> splitByGeneration(DataStream<RetrievalTask> tasks) {
        return tasks.flatMap(new SplitByGeneration(plan))
                .uid(uidPrefix + "split-by-generation")
                .name("split per generation group and run");
    }

    @Override
    public DataStream<RetrievalTask> preSql(DataStream<RetrievalTask> tasks) {
        return async(tasks, new RecallFromSketch(configs))
                .uid(uidPrefix + "pre-sql-recall")
                .name("pre-SQL sketch and backward recall");
    }

    @Override
    public DataStream<RetrievalTask> planJoins(DataStream<RetrievalTask> tasks) {
        return tasks.keyBy(RetrievalTask::planKey)
                .process(
                        new PlanJoins(
                                new RagGraphSource(retrieval().reference()),
                                configs.map(PipelineConfig::planner)))
                .uid(uidPrefix + "plan-joins")
                .name("plan joins (keyed FK subgraph cache)");
    }

    // round robin, not by key: the subtasks share a slow endpoint's slots evenly, and neither runs
    // dry first at the end
    @Override
    public DataStream<GeneratedTask> generate(DataStream<RetrievalTask> tasks) {
        return async(
                        tasks.rebalance(),
                        new GenerateCandidates(configs.map(PipelineConfig::generators)))
                .uid(uidPrefix + "generate-candidates")
                .name("generate candidates");
    }

    @Override
    public DataStream<GeneratedTask> splitByVariant(DataStream<GeneratedTask> tasks) {
        return tasks.flatMap(new SplitByVariant(plan))
                .uid(uidPrefix + "split-by-variant")
                .name("split per variant");
    }

    @Override
    public DataStream<GeneratedTask> evaluate(DataStream<GeneratedTask> tasks) {
        return async(tasks, new EvaluateCandidates(configs.map(PipelineConfig::evaluation)))
                .uid(uidPrefix + "evaluate-candidates")
                .name("evaluate candidates (validate, lint, EXPLAIN, score)");
    }

    private Variants<RetrievalSpec> retrieval() {
        return configs.map(PipelineConfig::retrieval);
    }

    private <I, O> SingleOutputStreamOperator<O> async(DataStream<I> in, AsyncFunction<I, O> f) {
        return async(in, f, asyncTimeoutMs, asyncCapacity);
    }

    private static <I, O> SingleOutputStreamOperator<O> async(
            DataStream<I> in, AsyncFunction<I, O> f, long timeoutMs, int capacity) {
        return AsyncDataStream.unorderedWait(in, f, timeoutMs, TimeUnit.MILLISECONDS, capacity);
    }
}
