package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the project's files (migrations, exam sets) and its state are: the options home and state,
 * else found from here.
 */
public final class Home {

    private Home() {}

    public static Path resolve() {
        String configured = Settings.early(SqlExamOptions.HOME);
        if (!configured.isBlank()) return Path.of(configured).toAbsolutePath();
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("migrations"))
                    && Files.isDirectory(d.resolve("exam-sets"))) return d;
        }
        return dir;
    }

    /**
     * The migrations folder: one folder of Flyway SQL per database, the ERP's module mapping and
     * docs.
     */
    public static Path migrations() {
        return resolve().resolve("migrations");
    }

    /**
     * The state folder (-Dsqlexam.state, SQLEXAM_STATE_DIR, or .sqlexam in the project):
     * checkpoints, the private cluster, Kafka.
     */
    public static Path state() {
        String configured = Settings.early(SqlExamOptions.STATE);
        if (!configured.isBlank()) return Path.of(configured).toAbsolutePath();
        return resolve().resolve(".sqlexam");
    }
}
