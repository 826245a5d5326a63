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
import dev.sqlexam.pipeline.EmbedStep;
import dev.sqlexam.pipeline.EvaluateStep;
import dev.sqlexam.pipeline.GenerateStep;
import dev.sqlexam.pipeline.GradeStep;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.PipelineSteps;
import dev.sqlexam.pipeline.PlanJoinsStep;
import dev.sqlexam.pipeline.RetrieveStep;
import dev.sqlexam.pipeline.RouteStep;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.SketchRecallStep;
import dev.sqlexam.pipeline.StepChain;
import dev.sqlexam.pipeline.StepOpener;
import dev.sqlexam.pipeline.StepWiring;
import dev.sqlexam.pipeline.Variants;

import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;

import java.util.concurrent.TimeUnit;

/**
 * The pipeline's own steps as a piece of graph, for the exam job and for the watch's shadow
 * evaluation alike: the {@link StepChain} the variants run, each step wired as its named operator
 * (embed after keyBy(question), plan joins after keyBy(database, modules), execute and grade after
 * keyBy(question)). Operator ids take a prefix so that one job may hold the piece once.
 */
record PipelineGraph(
        Variants<PipelineConfig> configs,
        SharingPlan plan,
        long asyncTimeoutMs,
        int asyncCapacity,
        String uidPrefix)
        implements StepWiring<
                DataStream<ExamTask>,
                DataStream<RetrievalTask>,
                DataStream<GeneratedTask>,
                RuntimeException> {

    DataStream<GeneratedTask> untilGraded(DataStream<ExamTask> tasks) {
        return StepChain.untilGraded(configs, this, tasks);
    }

    SingleOutputStreamOperator<ExamRecord> executeAndGrade(DataStream<GeneratedTask> generated) {
        return async(
                        generated.keyBy(g -> g.task().questionKey()),
                        new ExecuteAndGrade(grading(steps())))
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
                        new ExecuteAndGrade(grading(steps())),
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
                .map(new EmbedQuestion(embedding(steps())))
                .uid(uidPrefix + "embed-question")
                .name("embed question");
    }

    @Override
    public DataStream<RetrievalTask> route(DataStream<RetrievalTask> tasks) {
        return tasks.map(new RouteModules(routing(steps())))
                .uid(uidPrefix + "route-modules")
                .name("route to modules");
    }

    @Override
    public DataStream<RetrievalTask> retrieve(DataStream<RetrievalTask> tasks) {
        return async(tasks, new RetrieveSchema(retrieving(steps())))
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
        return async(tasks, new RecallFromSketch(recalling(steps())))
                .uid(uidPrefix + "pre-sql-recall")
                .name("pre-SQL sketch and backward recall");
    }

    @Override
    public DataStream<RetrievalTask> planJoins(DataStream<RetrievalTask> tasks) {
        return tasks.keyBy(RetrievalTask::planKey)
                .process(new PlanJoins(planning(steps())))
                .uid(uidPrefix + "plan-joins")
                .name("plan joins (keyed FK subgraph cache)");
    }

    // round robin, not by key: the subtasks share a slow endpoint's slots evenly, and neither runs
    // dry first at the end
    @Override
    public DataStream<GeneratedTask> generate(DataStream<RetrievalTask> tasks) {
        return async(tasks.rebalance(), new GenerateCandidates(generating(steps())))
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
        return async(tasks, new EvaluateCandidates(evaluating(steps())))
                .uid(uidPrefix + "evaluate-candidates")
                .name("evaluate candidates (validate, lint, EXPLAIN, score)");
    }

    private PipelineSteps steps() {
        return new PipelineSteps(configs);
    }

    // the operators' openers: static, so that each captures the steps and not this graph

    private static StepOpener<EmbedStep> embedding(PipelineSteps steps) {
        return subtasks -> steps.embed();
    }

    private static StepOpener<RouteStep> routing(PipelineSteps steps) {
        return subtasks -> steps.route();
    }

    private static StepOpener<RetrieveStep> retrieving(PipelineSteps steps) {
        return steps::retrieve;
    }

    private static StepOpener<SketchRecallStep> recalling(PipelineSteps steps) {
        return subtasks -> steps.recall();
    }

    private static StepOpener<PlanJoinsStep> planning(PipelineSteps steps) {
        return subtasks -> steps.planJoins();
    }

    private static StepOpener<GenerateStep> generating(PipelineSteps steps) {
        return subtasks -> steps.generate();
    }

    private static StepOpener<EvaluateStep> evaluating(PipelineSteps steps) {
        return subtasks -> steps.evaluate();
    }

    private static StepOpener<GradeStep> grading(PipelineSteps steps) {
        return subtasks -> steps.grade(GradeStep.CacheSizes.JOB, subtasks);
    }

    private <I, O> SingleOutputStreamOperator<O> async(DataStream<I> in, AsyncFunction<I, O> f) {
        return async(in, f, asyncTimeoutMs, asyncCapacity);
    }

    private static <I, O> SingleOutputStreamOperator<O> async(
            DataStream<I> in, AsyncFunction<I, O> f, long timeoutMs, int capacity) {
        return AsyncDataStream.unorderedWait(in, f, timeoutMs, TimeUnit.MILLISECONDS, capacity);
    }
}
