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
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
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
            Tables tables,
            Console console,
            ShadowSinks shadow) {

        /** Only the files of evaluations and window rows (tests, benches). */
        public static Sinks of(Sink<EventEvaluation> evaluations, Sink<WindowRow> windows) {
            return new Sinks(
                    evaluations,
                    windows,
                    null,
                    null,
                    null,
                    Tables.NONE,
                    Console.NONE,
                    ShadowSinks.NONE);
        }
    }

    /** Where window rows and alerts are upserted; either may be null. */
    public record Tables(Sink<WindowRow> windows, Sink<Alert> alerts) {

        public static final Tables NONE = new Tables(null, null);
    }

    /** The shadow's records and those that disagree with the app; either may be null. */
    public record ShadowSinks(Sink<ExamRecord> records, Sink<ExamRecord> disagreements) {

        public static final ShadowSinks NONE = new ShadowSinks(null, null);
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
    private final WatchJobSpec spec;

    public WatchJob(ExamIo.Lines source, Sinks sinks, WatchJobSpec spec) {
        this.source = source;
        this.sinks = sinks;
        this.spec = spec;
    }

    public Running start(StreamExecutionEnvironment env) throws Exception {
        DataStream<QueryLogEvent> timed = timedEvents(env);
        DataStream<WindowEvents.Keyed> keyed =
                evaluated(timed)
                        .flatMap(new WindowEvents.ByKeys())
                        .uid("by-keys")
                        .name("key by app, app/db, app/prompt");
        if (spec.shadow() != null) keyed = keyed.union(shadow(timed, spec.shadow()));
        SingleOutputStreamOperator<WindowRow> windows = windows(keyed);
        SingleOutputStreamOperator<Alert> alerts = alerts(windows);
        CloseableIterator<String> console = console(windows, alerts);
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

    /** The log's lines parsed into events (rejected lines to their sink), in event time. */
    private DataStream<QueryLogEvent> timedEvents(StreamExecutionEnvironment env) {
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
        return events.assignTimestampsAndWatermarks(
                        WatermarkStrategy.<QueryLogEvent>forBoundedOutOfOrderness(
                                        spec.eventTime().outOfOrderness())
                                .withTimestampAssigner((e, previous) -> e.eventTimeMs())
                                .withIdleness(Duration.ofMinutes(1)))
                .uid("event-time")
                .name("event time and watermarks")
                .setParallelism(1);
    }

    /** Each event evaluated (guard, lint, EXPLAIN, gold, retrieval), to evaluations.jsonl. */
    private DataStream<EventEvaluation> evaluated(DataStream<QueryLogEvent> timed) {
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
                                spec.async().timeoutMs(),
                                TimeUnit.MILLISECONDS,
                                spec.async().capacity())
                        .uid("evaluate-events")
                        .name("evaluate events (guard, lint, EXPLAIN, gold, retrieval)");
        if (sinks.evaluations() != null)
            evaluated.sinkTo(sinks.evaluations()).uid("evaluations-sink").name("evaluations.jsonl");
        return evaluated;
    }

    /** The event-time windows of each key, to windows.jsonl and watch.windows. */
    private SingleOutputStreamOperator<WindowRow> windows(DataStream<WindowEvents.Keyed> keyed) {
        SingleOutputStreamOperator<WindowRow> windows =
                keyed.keyBy(WindowEvents.Keyed::id)
                        .window(TumblingEventTimeWindows.of(spec.eventTime().window()))
                        .allowedLateness(spec.eventTime().allowedLateness())
                        .sideOutputLateData(LATE)
                        .aggregate(new WindowEvents.Aggregate(), new WindowEvents.Rows())
                        .uid("windows")
                        .name("event-time windows");
        if (sinks.windows() != null)
            windows.sinkTo(sinks.windows()).uid("windows-sink").name("windows.jsonl");
        if (sinks.tables().windows() != null)
            windows.sinkTo(sinks.tables().windows())
                    .uid("windows-table")
                    .name("watch.windows")
                    .setParallelism(1);
        return windows;
    }

    /** The alert rules over each key's windows, to alerts.jsonl and watch.alerts. */
    private SingleOutputStreamOperator<Alert> alerts(DataStream<WindowRow> windows) {
        SingleOutputStreamOperator<Alert> alerts =
                windows.keyBy(WindowRow::keyId)
                        .process(new DetectAlerts(spec.alerts()))
                        .uid("alerts")
                        .name("alert rules");
        if (sinks.alerts() != null)
            alerts.sinkTo(sinks.alerts()).uid("alerts-sink").name("alerts.jsonl");
        if (sinks.tables().alerts() != null)
            alerts.sinkTo(sinks.tables().alerts())
                    .uid("alerts-table")
                    .name("watch.alerts")
                    .setParallelism(1);
        return alerts;
    }

    /** The apps' windows and the alerts as console lines (null: not collected here). */
    private CloseableIterator<String> console(
            DataStream<WindowRow> windows, DataStream<Alert> alerts) {
        if (sinks.console() == Console.NONE) return null;
        DataStream<String> consoleLines =
                windows.filter(r -> r.keyKind().equals("app"))
                        .map(ConsoleLines::of)
                        .uid("console-windows")
                        .name("console: app windows")
                        .union(
                                alerts.map(ConsoleLines::of)
                                        .uid("console-alerts")
                                        .name("console: alerts"));
        if (sinks.console() == Console.STDOUT) {
            consoleLines.print().uid("console").name("console").setParallelism(1);
            return null;
        }
        return consoleLines.collectAsync();
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
                        spec.async().timeoutMs(),
                        spec.async().capacity(),
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
        if (sinks.shadow().records() != null)
            records.sinkTo(sinks.shadow().records()).uid("shadow-sink").name("shadow.jsonl");
        if (sinks.shadow().disagreements() != null) {
            records.filter(dev.sqlexam.watch.Shadow::disagreement)
                    .uid("shadow-disagreements")
                    .name("shadow: disagreements")
                    .sinkTo(sinks.shadow().disagreements())
                    .uid("shadow-disagreements-sink")
                    .name("shadow_disagreements.jsonl");
        }
        return records.flatMap(new WindowEvents.ShadowKeys())
                .uid("shadow-keys")
                .name("shadow: key by app, app/db, app/prompt");
    }
}
