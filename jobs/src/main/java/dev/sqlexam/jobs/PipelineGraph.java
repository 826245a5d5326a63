package dev.sqlexam.jobs;

import dev.sqlexam.flink.EmbedQuestion;
import dev.sqlexam.flink.EvaluateCandidates;
import dev.sqlexam.flink.ExecuteAndGrade;
import dev.sqlexam.flink.GenerateCandidates;
import dev.sqlexam.flink.PipelineConfig;
import dev.sqlexam.flink.PlanJoins;
import dev.sqlexam.flink.RagGraphSource;
import dev.sqlexam.flink.RecallFromSketch;
import dev.sqlexam.flink.RetrievalSpec;
import dev.sqlexam.flink.RetrieveSchema;
import dev.sqlexam.flink.RouteModules;
import dev.sqlexam.flink.SharingPlan;
import dev.sqlexam.flink.SplitByGeneration;
import dev.sqlexam.flink.SplitByVariant;
import dev.sqlexam.flink.Variants;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import java.util.concurrent.TimeUnit;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;

/**
 * The pipeline's own stages as a piece of graph, for the exam job and for the watch's shadow evaluation alike: embed,
 * route, retrieve, split per generation group and run, (pre-SQL), (plan joins), generate, split per variant, evaluate;
 * then keyBy(question) → execute and grade. Operator ids take a prefix so that one job may hold the piece once.
 */
record PipelineGraph(Variants<PipelineConfig> configs, SharingPlan plan, long asyncTimeoutMs, int asyncCapacity, String uidPrefix) {

    DataStream<GeneratedTask> generate(DataStream<ExamTask> tasks) {
        Variants<RetrievalSpec> retrieval = configs.map(PipelineConfig::retrieval);
        DataStream<RetrievalTask> routed = tasks
                .keyBy(ExamTask::questionKey)
                .map(new EmbedQuestion(retrieval)).uid(uidPrefix + "embed-question").name("embed question")
                .map(new RouteModules(retrieval)).uid(uidPrefix + "route-modules").name("route to modules");
        DataStream<RetrievalTask> retrieved = async(routed, new RetrieveSchema(retrieval))
                .uid(uidPrefix + "retrieve-schema").name("retrieve schema (V1 + V2, doc-RAG)")
                .flatMap(new SplitByGeneration(plan)).uid(uidPrefix + "split-by-generation").name("split per generation group and run");

        if (configs.any(PipelineConfig::preSql)) {
            retrieved = async(retrieved, new RecallFromSketch(configs))
                    .uid(uidPrefix + "pre-sql-recall").name("pre-SQL sketch and backward recall");
        }
        if (configs.any(c -> c.planner().enabled())) {
            retrieved = retrieved.keyBy(RetrievalTask::planKey)
                    .process(new PlanJoins(new RagGraphSource(retrieval.reference()), configs.map(PipelineConfig::planner)))
                    .uid(uidPrefix + "plan-joins").name("plan joins (keyed FK subgraph cache)");
        }

        DataStream<GeneratedTask> generated = async(retrieved, new GenerateCandidates(configs.map(PipelineConfig::generators)))
                .uid(uidPrefix + "generate-candidates").name("generate candidates")
                .flatMap(new SplitByVariant(plan)).uid(uidPrefix + "split-by-variant").name("split per variant");

        return async(generated, new EvaluateCandidates(configs.map(PipelineConfig::evaluation)))
                .uid(uidPrefix + "evaluate-candidates").name("evaluate candidates (validate, lint, EXPLAIN, score)");
    }

    SingleOutputStreamOperator<ExamRecord> executeAndGrade(DataStream<GeneratedTask> generated) {
        return AsyncDataStream.unorderedWait(generated.keyBy(g -> g.task().questionKey()),
                        new ExecuteAndGrade(configs.map(PipelineConfig::execution)), asyncTimeoutMs, TimeUnit.MILLISECONDS, asyncCapacity)
                .uid(uidPrefix + "execute-and-grade").name("execute and grade");
    }

    private <I, O> SingleOutputStreamOperator<O> async(DataStream<I> in, AsyncFunction<I, O> f) {
        return AsyncDataStream.unorderedWait(in, f, asyncTimeoutMs, TimeUnit.MILLISECONDS, asyncCapacity);
    }
}
