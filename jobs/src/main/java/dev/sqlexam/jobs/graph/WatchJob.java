package dev.sqlexam.jobs.graph;

import dev.sqlexam.flink.DetectAlerts;
import dev.sqlexam.flink.EvaluateEvents;
import dev.sqlexam.flink.ParseQueryLog;
import dev.sqlexam.flink.ScheduleRuns;
import dev.sqlexam.flink.ShadowQuestions;
import dev.sqlexam.flink.Tags;
import dev.sqlexam.flink.WindowEvents;
import dev.sqlexam.model.Alert;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.NumberedLine;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.watch.AlertRules;
import dev.sqlexam.watch.ConsoleLines;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.OutputTag;

import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The watch job: query-log lines → parse (rejects to a side output) → event time and watermarks →
 * evaluate each event (guard, lint, EXPLAIN, gold grading, retrieval check) → per-event
 * evaluations; optionally a shadow: sampled events through the pipeline's own stages, graded
 * against the app's SQL; and, keyed by app, (app, db) and (app, prompt version), event-time
 * tumbling windows of {@link dev.sqlexam.watch.WindowMetrics} → window rows → alert rules per key →
 * alerts; events later than the allowed lateness to their own output. Graph only, between a source
 * of lines and its sinks.
 */
public final class WatchJob {

    /**
     * The window settings and what evaluation needs; built with {@link #builder}, checked when
     * built. {@code retrieval} null: no retrieval check; {@code shadow} null: no shadow evaluation.
     */
    public record Spec(
            String source,
            ExecutionSpec execution,
            long explainTimeoutMs,
            Duration window,
            Duration outOfOrderness,
            Duration allowedLateness,
            int asyncCapacity,
            long asyncTimeoutMs,
            AlertRules alerts,
            RetrievalSpec retrieval,
            double retrievalSampleRate,
            Shadow shadow) {

        public Spec {
            if (source == null || source.isBlank())
                throw new IllegalArgumentException("a watch needs the name of its source");
            if (execution == null)
                throw new IllegalArgumentException("a watch needs its execution settings");
            if (explainTimeoutMs < 1)
                throw new IllegalArgumentException(
                        "the EXPLAIN timeout must be >= 1 ms, was " + explainTimeoutMs);
            if (window == null || window.isNegative() || window.isZero())
                throw new IllegalArgumentException("the window must be positive, was " + window);
            if (outOfOrderness == null || outOfOrderness.isNegative())
                throw new IllegalArgumentException(
                        "out-of-orderness must be >= 0, was " + outOfOrderness);
            if (allowedLateness == null || allowedLateness.isNegative())
                throw new IllegalArgumentException(
                        "allowed lateness must be >= 0, was " + allowedLateness);
            if (asyncCapacity < 1)
                throw new IllegalArgumentException(
                        "async capacity must be >= 1, was " + asyncCapacity);
            if (asyncTimeoutMs < 1)
                throw new IllegalArgumentException(
                        "the async time limit must be >= 1 ms, was " + asyncTimeoutMs);
            if (alerts == null)
                throw new IllegalArgumentException(
                        "a watch needs its alert rules (AlertRules.none() for none)");
            if (retrievalSampleRate < 0 || retrievalSampleRate > 1) {
                throw new IllegalArgumentException(
                        "the retrieval check's sample rate must be in [0, 1], was "
                                + retrievalSampleRate);
            }
        }

        /**
         * A watch of {@code source}: one-minute windows, 30 s out-of-orderness, no lateness, no
         * alerts, no retrieval check, no shadow.
         */
        public static Builder builder(String source, ExecutionSpec execution) {
            return new Builder(source, execution);
        }

        public Builder toBuilder() {
            return new Builder(source, execution)
                    .explainTimeoutMs(explainTimeoutMs)
                    .window(window)
                    .outOfOrderness(outOfOrderness)
                    .allowedLateness(allowedLateness)
                    .async(asyncCapacity, asyncTimeoutMs)
                    .alerts(alerts)
                    .retrievalCheck(retrieval, retrievalSampleRate)
                    .shadow(shadow);
        }

        /** Builds a {@link Spec}; what is not set keeps the defaults {@link #builder} names. */
        public static final class Builder {
            private final String source;
            private final ExecutionSpec execution;
            private long explainTimeoutMs = 2_000;
            private Duration window = Duration.ofMinutes(1);
            private Duration outOfOrderness = Duration.ofSeconds(30);
            private Duration allowedLateness = Duration.ZERO;
            private int asyncCapacity = 16;
            private long asyncTimeoutMs = 120_000;
            private AlertRules alerts = AlertRules.none();
            private RetrievalSpec retrieval;
            private double retrievalSampleRate;
            private Shadow shadow;

            private Builder(String source, ExecutionSpec execution) {
                this.source = source;
                this.execution = execution;
            }

            public Builder explainTimeoutMs(long ms) {
                explainTimeoutMs = ms;
                return this;
            }

            public Builder window(Duration length) {
                window = length;
                return this;
            }

            public Builder outOfOrderness(Duration bound) {
                outOfOrderness = bound;
                return this;
            }

            public Builder allowedLateness(Duration lateness) {
                allowedLateness = lateness;
                return this;
            }

            public Builder async(int capacity, long timeoutMs) {
                asyncCapacity = capacity;
                asyncTimeoutMs = timeoutMs;
                return this;
            }

            public Builder alerts(AlertRules rules) {
                alerts = rules;
                return this;
            }

            /**
             * The retrieval check on a {@code sampleRate} share of the events; a null {@code spec}:
             * none.
             */
            public Builder retrievalCheck(RetrievalSpec spec, double sampleRate) {
                retrieval = spec;
                retrievalSampleRate = spec == null ? 0 : sampleRate;
                return this;
            }

            public Builder shadow(Shadow evaluation) {
                shadow = evaluation;
                return this;
            }

            public Spec build() {
                return new Spec(
                        source,
                        execution,
                        explainTimeoutMs,
                        window,
                        outOfOrderness,
                        allowedLateness,
                        asyncCapacity,
                        asyncTimeoutMs,
                        alerts,
                        retrieval,
                        retrievalSampleRate,
                        shadow);
            }
        }
    }

    /**
     * The shadow evaluation: a pipeline variant (one, with its sharing plan) run on a {@code rate}
     * share of the events.
     */
    public record Shadow(
            String runId, Variants<PipelineConfig> configs, SharingPlan plan, double rate)
            implements Serializable {}

    /**
     * Where per-event evaluations, window rows, alerts, rejected lines and late events go (files),
     * where window rows and alerts are upserted (tables), and where app windows and alerts are
     * printed as they come; any sink may be null.
     */
    public record Sinks(
            Sink<EventEvaluation> evaluations,
            Sink<WindowRow> windows,
            Sink<Alert> alerts,
            Sink<RejectedLine> rejected,
            Sink<EventEvaluation> late,
            Sink<WindowRow> windowTable,
            Sink<Alert> alertTable,
            Console console,
            Sink<ExamRecord> shadow,
            Sink<ExamRecord> shadowDisagreements) {

        /** Only the files of evaluations and window rows (tests, benches). */
        public static Sinks of(Sink<EventEvaluation> evaluations, Sink<WindowRow> windows) {
            return new Sinks(
                    evaluations, windows, null, null, null, null, null, Console.NONE, null, null);
        }
    }

    /**
     * Console lines: none, the job's standard output (a MiniCluster's is the client's), or
     * collected to the client (a cluster).
     */
    public enum Console {
        NONE,
        STDOUT,
        CLIENT
    }

    /**
     * A started job and, with {@link Console#CLIENT}, its console lines as they are committed (else
     * null).
     */
    public record Running(JobClient client, CloseableIterator<String> console) {}

    static final OutputTag<WindowEvents.Keyed> LATE = new OutputTag<>("late") {};

    private final ExamIo.Lines source;
    private final Sinks sinks;
    private final Spec spec;

    public WatchJob(ExamIo.Lines source, Sinks sinks, Spec spec) {
        this.source = source;
        this.sinks = sinks;
        this.spec = spec;
    }

    public Running start(StreamExecutionEnvironment env) throws Exception {
        DataStream<NumberedLine> lines = source.openAs(env, "query-log-source");
        SingleOutputStreamOperator<QueryLogEvent> events =
                lines.process(new ParseQueryLog(spec.source()))
                        .uid("parse-query-log")
                        .name("parse query-log events")
                        .setParallelism(1);
        if (sinks.rejected() != null) {
            events.getSideOutput(Tags.REJECTED)
                    .sinkTo(sinks.rejected())
                    .uid("watch-rejected-sink")
                    .name("rejected.jsonl")
                    .setParallelism(1);
        }
        DataStream<QueryLogEvent> timed =
                events.assignTimestampsAndWatermarks(
                                WatermarkStrategy.<QueryLogEvent>forBoundedOutOfOrderness(
                                                spec.outOfOrderness())
                                        .withTimestampAssigner((e, previous) -> e.eventTimeMs())
                                        .withIdleness(Duration.ofMinutes(1)))
                        .uid("event-time")
                        .name("event time and watermarks")
                        .setParallelism(1);
        // unordered: a slow query must not hold up the events behind it (watermarks still keep
        // event time in order)
        DataStream<EventEvaluation> evaluated =
                AsyncDataStream.unorderedWait(
                                timed,
                                new EvaluateEvents(
                                        spec.execution(),
                                        spec.explainTimeoutMs(),
                                        spec.retrieval(),
                                        spec.retrievalSampleRate()),
                                spec.asyncTimeoutMs(),
                                TimeUnit.MILLISECONDS,
                                spec.asyncCapacity())
                        .uid("evaluate-events")
                        .name("evaluate events (guard, lint, EXPLAIN, gold, retrieval)");
        if (sinks.evaluations() != null)
            evaluated.sinkTo(sinks.evaluations()).uid("evaluations-sink").name("evaluations.jsonl");

        DataStream<WindowEvents.Keyed> keyed =
                evaluated
                        .flatMap(new WindowEvents.ByKeys())
                        .uid("by-keys")
                        .name("key by app, app/db, app/prompt");
        if (spec.shadow() != null) keyed = keyed.union(shadow(timed, spec.shadow()));
        SingleOutputStreamOperator<WindowRow> windows =
                keyed.keyBy(WindowEvents.Keyed::id)
                        .window(TumblingEventTimeWindows.of(spec.window()))
                        .allowedLateness(spec.allowedLateness())
                        .sideOutputLateData(LATE)
                        .aggregate(new WindowEvents.Aggregate(), new WindowEvents.Rows())
                        .uid("windows")
                        .name("event-time windows");
        if (sinks.windows() != null)
            windows.sinkTo(sinks.windows()).uid("windows-sink").name("windows.jsonl");
        if (sinks.windowTable() != null)
            windows.sinkTo(sinks.windowTable())
                    .uid("windows-table")
                    .name("watch.windows")
                    .setParallelism(1);
        SingleOutputStreamOperator<Alert> alerts =
                windows.keyBy(WindowRow::keyId)
                        .process(new DetectAlerts(spec.alerts()))
                        .uid("alerts")
                        .name("alert rules");
        if (sinks.alerts() != null)
            alerts.sinkTo(sinks.alerts()).uid("alerts-sink").name("alerts.jsonl");
        if (sinks.alertTable() != null)
            alerts.sinkTo(sinks.alertTable())
                    .uid("alerts-table")
                    .name("watch.alerts")
                    .setParallelism(1);
        CloseableIterator<String> console = null;
        if (sinks.console() != Console.NONE) {
            DataStream<String> consoleLines =
                    windows.filter(r -> r.keyKind().equals("app"))
                            .map(ConsoleLines::of)
                            .uid("console-windows")
                            .name("console: app windows")
                            .union(
                                    alerts.map(ConsoleLines::of)
                                            .uid("console-alerts")
                                            .name("console: alerts"));
            if (sinks.console() == Console.STDOUT)
                consoleLines.print().uid("console").name("console").setParallelism(1);
            else console = consoleLines.collectAsync();
        }
        if (sinks.late() != null) {
            windows.getSideOutput(LATE)
                    .filter(k -> k.kind().equals("app") && k.evaluation() != null)
                    .map(WindowEvents.Keyed::evaluation)
                    .uid("late-events")
                    .name("late events")
                    .sinkTo(sinks.late())
                    .uid("late-sink")
                    .name("late.jsonl");
        }
        return new Running(env.executeAsync(jobName(spec.source())), console);
    }

    /** The job's name on a cluster, by which a second watch of the same input is refused. */
    public static String jobName(String source) {
        return "sqlexam watch " + source;
    }

    /**
     * The shadow evaluation: sampled events as exam questions whose reference is the app's SQL,
     * through the pipeline's own stages and the exam's grader; the records to their files, and
     * under the window keys as agreement.
     */
    private DataStream<WindowEvents.Keyed> shadow(DataStream<QueryLogEvent> events, Shadow shadow) {
        PipelineGraph pipeline =
                new PipelineGraph(
                        shadow.configs(),
                        shadow.plan(),
                        spec.asyncTimeoutMs(),
                        spec.asyncCapacity(),
                        "shadow-");
        DataStream<ExamTask> tasks =
                events.flatMap(new ShadowQuestions(shadow.rate()))
                        .uid("shadow-questions")
                        .name("shadow: sampled questions")
                        .flatMap(ScheduleRuns.shared(shadow.runId(), shadow.plan()))
                        .uid("shadow-schedule")
                        .name("shadow: schedule");
        SingleOutputStreamOperator<ExamRecord> records =
                pipeline.executeAndGrade(pipeline.untilGraded(tasks));
        if (sinks.shadow() != null)
            records.sinkTo(sinks.shadow()).uid("shadow-sink").name("shadow.jsonl");
        if (sinks.shadowDisagreements() != null) {
            records.filter(dev.sqlexam.watch.Shadow::disagreement)
                    .uid("shadow-disagreements")
                    .name("shadow: disagreements")
                    .sinkTo(sinks.shadowDisagreements())
                    .uid("shadow-disagreements-sink")
                    .name("shadow_disagreements.jsonl");
        }
        return records.flatMap(new WindowEvents.ShadowKeys())
                .uid("shadow-keys")
                .name("shadow: key by app, app/db, app/prompt");
    }
}
