package dev.sqlexam.jobs.runtime;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.run.Home;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.StateRecoveryOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a following watch keeps its checkpoints (one folder per output folder, so that the same
 * command run again resumes), which completed checkpoint is the latest, and the Flink settings that
 * make the job checkpoint there, keep its checkpoints when it dies, restart after a failure with a
 * bounded backoff, and start from a checkpoint.
 */
public final class WatchCheckpoints {

    private static final Pattern CHECKPOINT = Pattern.compile("chk-(\\d+)");

    private WatchCheckpoints() {}

    public static Path folderFor(Settings settings, Path outDir) {
        String configured = settings.get(SqlExamOptions.WATCH_CHECKPOINT_DIR);
        if (!configured.isBlank()) return Path.of(configured).toAbsolutePath();
        Path out = outDir.toAbsolutePath().normalize();
        return Home.state()
                .resolve("checkpoints")
                .resolve(out.getFileName() + "-" + Integer.toHexString(out.toString().hashCode()));
    }

    /**
     * The completed checkpoint (a chk-N folder with its _metadata) of the highest number, any job
     * id.
     */
    public static Optional<Path> latest(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) return Optional.empty();
        try (Stream<Path> files = Files.walk(folder, 3)) {
            return files.filter(p -> p.getFileName().toString().equals("_metadata"))
                    .map(Path::getParent)
                    .filter(p -> CHECKPOINT.matcher(p.getFileName().toString()).matches())
                    .max(
                            Comparator.comparingLong(WatchCheckpoints::number)
                                    .thenComparingLong(WatchCheckpoints::modified));
        }
    }

    private static long number(Path checkpoint) {
        Matcher m = CHECKPOINT.matcher(checkpoint.getFileName().toString());
        return m.matches() ? Long.parseLong(m.group(1)) : -1;
    }

    private static long modified(Path checkpoint) {
        try {
            return Files.getLastModifiedTime(checkpoint.resolve("_metadata")).toMillis();
        } catch (IOException e) {
            // no checkpoint folder yet: nothing retained
            return 0;
        }
    }

    public static Configuration flinkConfiguration(Path folder, Path restoreFrom) {
        Configuration conf = new Configuration();
        conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, folder.toUri().toString());
        conf.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        conf.set(CheckpointingOptions.MAX_RETAINED_CHECKPOINTS, 3);
        // events queue in front of the evaluation for as long as the database takes; a barrier must
        // not wait behind them
        conf.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        conf.addAll(JobShipping.backoffRestarts(JobShipping.WATCH_RESTART_ATTEMPTS));
        if (restoreFrom != null)
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, restoreFrom.toUri().toString());
        return conf;
    }
}
