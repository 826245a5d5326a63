package dev.sqlexam.jobs.watch;

import dev.sqlexam.jobs.graph.WatchSources.Input;
import dev.sqlexam.jobs.run.Home;

import java.nio.file.Path;

/**
 * Where a watch's events come from, as the command names it: a query-log file read once ({@code
 * replay}), a folder followed ({@code dir}), or a Kafka broker's {@code topic} followed in a
 * consumer {@code group} ({@code kafka}).
 */
public record WatchSource(Path replay, Path dir, String kafka, String topic, String group) {

    Input input() {
        return new Input(replay, dir, kafka, topic, group);
    }

    /**
     * The default output folder: a following watch's is stable (so that running it again resumes),
     * a replay's is new ({@code stamp}).
     */
    public Path defaultOutDir(String stamp) {
        Input input = input();
        return Home.resolve()
                .resolve("runs")
                .resolve(
                        input.bounded()
                                ? "watch-" + stamp
                                : "watch-" + input.label().replaceAll("[^A-Za-z0-9._-]", "_"));
    }
}
