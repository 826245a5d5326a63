package dev.sqlexam.jobs;

import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.flink.ExecuteAndGrade;
import dev.sqlexam.flink.EmbedQuestion;
import dev.sqlexam.flink.EvaluateCandidates;
import dev.sqlexam.flink.ExecutionSpec;
import dev.sqlexam.flink.RecallFromSketch;
import dev.sqlexam.flink.RetrieveSchema;
import dev.sqlexam.flink.RouteModules;
import dev.sqlexam.flink.GenerateCandidates;
import dev.sqlexam.flink.NumberedLine;
import dev.sqlexam.flink.ParseExamLines;
import dev.sqlexam.flink.ScheduleRuns;
import dev.sqlexam.flink.SummaryOperator;
import dev.sqlexam.flink.Tags;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.report.SummaryAccumulator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/**
 * The exam job: exam set → parse (rejects to a side output) → schedule variants × runs → embed question →
 * route → retrieve schema → generate → keyBy(question) → execute + grade → exam log, exam tables,
 * summary. Graph only; the CLI runs it.
 */
public final class ExamJob {

    /** Everything the graph needs; built by the CLI (or a test) from settings. */
    public record Spec(
            String runId,
            ExamLineParser parser,
            List<String> variants,
            int repetitions,
            dev.sqlexam.llm.Generators generators,
            ExecutionSpec execution,
            dev.sqlexam.flink.EvaluationSpec evaluation,
            dev.sqlexam.flink.RetrievalSpec retrieval,
            PlannerSpec planner,
            boolean preSql,
            int parallelism,
            int asyncCapacity,
            long asyncTimeoutMs,
            dev.sqlexam.flink.AttachPredictions predictions) {}

    /** The join planner stage: on or off, its options, and the keyed-state cache. */
    public record PlannerSpec(boolean enabled, dev.sqlexam.prompt.JoinPlanner.Options options, boolean cache, long ttlMs)
            implements java.io.Serializable {}

    /** A started job: its client and the iterator that yields the summary accumulator at the end. */
    public record Running(JobClient client, CloseableIterator<SummaryAccumulator> summary) {}

    private final ExamIo.Lines source;
    private final ExamIo.Sinks sinks;
    private final Spec spec;

    /** The graph of {@code spec} between a source of exam-set lines and the sinks of its records, as LongRidesSolution(source, sink). */
    public ExamJob(ExamIo.Lines source, ExamIo.Sinks sinks, Spec spec) {
        this.source = source;
        this.sinks = sinks;
        this.spec = spec;
    }

    public Running start(StreamExecutionEnvironment env) throws Exception {
        DataStream<NumberedLine> lines = source.open(env);
        if (lines instanceof SingleOutputStreamOperator<NumberedLine> op) op.uid("exam-set-source").setParallelism(1);

        SingleOutputStreamOperator<ExamQuestion> questions = lines
                .process(new ParseExamLines(spec.parser()))
                .uid("parse-exam-lines").name("parse exam lines")
                .setParallelism(1);
        if (sinks.rejected() != null) {
            questions.getSideOutput(Tags.REJECTED).sinkTo(sinks.rejected())
                    .uid("rejected-sink").name("rejected.jsonl")
                    .setParallelism(1);
        }

        DataStream<ExamTask> tasks = questions
                .map(new dev.sqlexam.flink.DeriveGoldTables(spec.execution().reader(), spec.execution().connections())).uid("derive-gold-tables")
                .name("derive gold_tables from the gold's plan when absent")
                .setParallelism(1)
                .flatMap(new ScheduleRuns(spec.runId(), spec.variants(), spec.repetitions()))
                .uid("schedule-runs").name("schedule variants and runs")
                .setParallelism(1)
                .rebalance();

        DataStream<GeneratedTask> generated = spec.predictions() != null
                ? tasks.map(spec.predictions()).uid("attach-predictions").name("attach predictions (grade)")
                : generate(tasks);

        DataStream<ExamRecord> records = AsyncDataStream.unorderedWait(
                        generated.keyBy(g -> g.task().question().db() + "/" + g.task().question().id()),
                        new ExecuteAndGrade(spec.execution()), spec.asyncTimeoutMs(), TimeUnit.MILLISECONDS,
                        spec.asyncCapacity())
                .uid("execute-and-grade").name("execute and grade");

        if (sinks.examLog() != null) records.sinkTo(sinks.examLog()).uid("exam-log-sink").name("exam log (JSONL)");
        if (sinks.results() != null) records.sinkTo(sinks.results()).uid("exam-results-sink").name("exam.results (JDBC upsert)");

        CloseableIterator<SummaryAccumulator> summary = records
                .transform("summary", TypeInformation.of(SummaryAccumulator.class), new SummaryOperator())
                .uid("summary")
                .setParallelism(1)
                .collectAsync();

        JobClient client = env.executeAsync("sqlexam " + (spec.predictions() != null ? "grade " : "exam ") + spec.runId());
        return new Running(client, summary);
    }

    /** The pipeline's own stages: embed, route, retrieve, (pre-SQL), (plan joins), generate, evaluate. */
    private DataStream<GeneratedTask> generate(DataStream<ExamTask> tasks) {
        DataStream<RetrievalTask> routed = tasks
                .map(new EmbedQuestion(spec.retrieval())).uid("embed-question").name("embed question")
                .map(new RouteModules(spec.retrieval())).uid("route-modules").name("route to modules");
        DataStream<RetrievalTask> retrieved = AsyncDataStream.unorderedWait(
                        routed, new RetrieveSchema(spec.retrieval()), spec.asyncTimeoutMs(), TimeUnit.MILLISECONDS, spec.asyncCapacity())
                .uid("retrieve-schema").name("retrieve schema (V1 + V2, doc-RAG)");

        if (spec.preSql()) {
            retrieved = AsyncDataStream.unorderedWait(retrieved, new RecallFromSketch(spec.generators(), spec.retrieval()),
                            spec.asyncTimeoutMs(), TimeUnit.MILLISECONDS, spec.asyncCapacity())
                    .uid("pre-sql-recall").name("pre-SQL sketch and backward recall");
        }

        if (spec.planner().enabled()) {
            retrieved = retrieved.keyBy(RetrievalTask::planKey)
                    .process(new dev.sqlexam.flink.PlanJoins(new dev.sqlexam.flink.RagGraphSource(spec.retrieval()), spec.planner().options(),
                            spec.planner().cache(), java.time.Duration.ofMillis(spec.planner().ttlMs())))
                    .uid("plan-joins").name("plan joins (keyed FK subgraph cache)");
        }

        DataStream<GeneratedTask> generated = AsyncDataStream.unorderedWait(
                        retrieved, new GenerateCandidates(spec.generators()), spec.asyncTimeoutMs(), TimeUnit.MILLISECONDS,
                        spec.asyncCapacity())
                .uid("generate-candidates").name("generate candidates (" + spec.generators().name() + ")");

        generated = AsyncDataStream.unorderedWait(generated, new EvaluateCandidates(spec.evaluation()), spec.asyncTimeoutMs(),
                        TimeUnit.MILLISECONDS, spec.asyncCapacity())
                .uid("evaluate-candidates").name("evaluate candidates (validate, lint, EXPLAIN, score)");

        return generated;
    }
}
