package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.querylog.QueryLogProducer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code sqlexam produce}: a query log into a Kafka topic, for {@code watch --kafka}. */
@Command(
        name = "produce",
        mixinStandardHelpOptions = true,
        description = {
            "Send a query-log file into a Kafka topic.",
            "Send a query-log file into a Kafka topic, one event per record (the topic is created when "
                    + "missing): all at once, or at --rate events per second, optionally with each event's ts set "
                    + "to the moment it is sent (--now)."
        })
final class ProduceCommand implements Callable<Integer> {

    @Parameters(
            paramLabel = "FILE",
            arity = "1..*",
            description = "Query-log files (JSONL), sent in order.")
    List<Path> files;

    @Option(
            names = "--kafka",
            paramLabel = "HOST:PORT",
            required = true,
            description = "The broker (./sqlexam kafka up prints its address).")
    String kafka;

    @Option(names = "--topic", required = true, description = "The topic to send to.")
    String topic;

    @Option(
            names = "--rate",
            paramLabel = "EVENTS/S",
            description = "Events per second. Default: as fast as the broker takes them.")
    double rate;

    @Option(
            names = "--now",
            description =
                    "Set each event's ts to the moment it is sent: a live stream rather than a replayed one.")
    boolean now;

    @Override
    public Integer call() throws Exception {
        List<String> lines = new ArrayList<>();
        for (Path f : files) lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
        try (QueryLogProducer producer = new QueryLogProducer(kafka, topic)) {
            long sent = producer.send(lines, rate, now);
            System.out.printf("produce    %d event(s) into topic %s at %s%n", sent, topic, kafka);
        }
        return 0;
    }
}
