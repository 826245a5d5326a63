package dev.sqlexam.jobs.run;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the project's files (migrations, exam sets) are: -Dsqlexam.home, SQLEXAM_HOME, or up from here. */
public final class Home {

    private Home() {}

    public static Path resolve() {
        String configured = System.getProperty("sqlexam.home", System.getenv("SQLEXAM_HOME"));
        if (configured != null && !configured.isBlank()) return Path.of(configured).toAbsolutePath();
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("migrations")) && Files.isDirectory(d.resolve("exam-sets"))) return d;
        }
        return dir;
    }

    /** The migrations folder: one folder of Flyway SQL per database, the ERP's module mapping and docs. */
    public static Path migrations() {
        return resolve().resolve("migrations");
    }

    /** The state folder (-Dsqlexam.state, SQLEXAM_STATE_DIR, or .sqlexam in the project): checkpoints, the private cluster, Kafka. */
    public static Path state() {
        String configured = System.getProperty("sqlexam.state", System.getenv("SQLEXAM_STATE_DIR"));
        if (configured != null && !configured.isBlank()) return Path.of(configured).toAbsolutePath();
        return resolve().resolve(".sqlexam");
    }
}
