package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.watch.WatchRun;
import dev.sqlexam.jobs.watch.WatchSource;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam watch}: streaming evaluation of an NL2SQL app's query log. */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = {
            "Evaluate an NL2SQL app's query log in event-time windows, with alerts.",
            "Evaluate an NL2SQL app's query log (docs/formats.md, query-log events): each event's SQL "
                    + "through the guard, lint and EXPLAIN as the read-only role, its outcome classified, graded "
                    + "when it carries gold SQL; event-time windows per app, per app and database and per app and "
                    + "prompt version (error rates, SQLSTATEs, latency p50/p95, EX). From a file (--replay), a "
                    + "folder (--dir) or a Kafka topic (--kafka, --topic). Alert rules (flink-conf/alerts.yaml) "
                    + "turn window rows into alerts. Window rows and alerts go to files, to the tables "
                    + "watch.windows and watch.alerts, and to the console. A following watch (--dir, --kafka) "
                    + "checkpoints into the state folder; the same command run again resumes where it stopped."
        })
final class WatchCommand implements Callable<Integer> {

    static final class Input {
        @Option(
                names = "--replay",
                paramLabel = "FILE",
                description =
                        "A query-log file, read once (bounded): the outputs are merged at the end.")
        Path replay;

        @Option(
                names = "--dir",
                paramLabel = "DIR",
                description = "A folder watched for new query-log files until stopped.")
        Path dir;

        @Option(
                names = "--kafka",
                paramLabel = "HOST:PORT",
                description =
                        "A Kafka broker to follow --topic on (./sqlexam kafka up starts one).")
        String kafka;
    }

    @Option(
            names = "--topic",
            description =
                    "With --kafka: the topic of query-log events (one JSON event per record value).")
    String topic;

    @Option(
            names = "--group",
            description =
                    "With --kafka: the consumer group (default sqlexam-watch); it starts at its committed offsets.")
    String group;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input;

    @Option(
            names = "--window",
            paramLabel = "SECONDS",
            description = "Window length in seconds (watch_window_ms). Default: 60.")
    Long windowSeconds;

    @Option(
            names = "--out",
            description =
                    "Folder for the outputs. Default: runs/watch-<time> for a replay, runs/watch-<folder or topic> "
                            + "when following (so that the same command resumes).")
    Path out;

    @Option(
            names = "--name",
            description =
                    "The watch's id in the tables watch.windows and watch.alerts. Default: the file, folder or topic name.")
    String name;

    @Option(
            names = "--alerts",
            paramLabel = "FILE",
            description = "Alert rules (watch_alert_rules). Default: flink-conf/alerts.yaml.")
    Path alerts;

    @Option(
            names = "--shadow",
            paramLabel = "VARIANT.yaml",
            description =
                    "Shadow evaluation: run this pipeline variant on sampled events "
                            + "and grade its answer against the app's SQL (agreement without gold); disagreements go to shadow_disagreements.jsonl.")
    Path shadow;

    @Option(
            names = "--shadow-rate",
            paramLabel = "SHARE",
            defaultValue = "0.1",
            description = "Share of the events the shadow answers " + "(default ${DEFAULT-VALUE}).")
    double shadowRate;

    @Option(
            names = "--fresh",
            description =
                    "Following: forget the output folder's checkpoints and outputs and start over (a Kafka "
                            + "source then starts at its group's committed offsets; a new --group reads the topic again).")
    boolean fresh;

    @Mixin CommonOptions common;

    @Mixin ClusterOption cluster;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (windowSeconds != null && windowSeconds < 1)
            throw UsageErrors.of(spec, "--window: " + windowSeconds + " is outside >= 1");
        if (shadowRate < 0 || shadowRate > 1)
            throw UsageErrors.of(spec, "--shadow-rate: " + shadowRate + " is outside [0, 1]");
        Map<String, String> extra = new HashMap<>();
        if (windowSeconds != null)
            extra.put("watch_window_ms", Long.toString(windowSeconds * 1000));
        if (alerts != null) extra.put("watch_alert_rules", alerts.toAbsolutePath().toString());
        WatchSource source = new WatchSource(input.replay, input.dir, input.kafka, topic, group);
        Path dir =
                out != null
                        ? out
                        : source.defaultOutDir(
                                LocalDateTime.now()
                                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        var settings = common.settings(cluster.apply(extra));
        FlinkTarget target = FlinkTarget.of(settings);
        WatchRun run =
                new WatchRun(
                        settings,
                        source,
                        dir,
                        new WatchRun.Options(name, fresh, shadow, shadowRate),
                        System.out);
        target.requireNoRunningJob(run.jobName());
        run.run(target);
        return 0;
    }
}
