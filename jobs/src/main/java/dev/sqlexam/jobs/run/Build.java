package dev.sqlexam.jobs.run;

import dev.sqlexam.io.ClassPathProperties;

import java.util.Properties;

/**
 * sqlexam's version and the commit it was built from, as the build wrote them into the jar
 * (sqlexam-build.properties).
 */
public final class Build {

    public static final String VERSION;
    public static final String COMMIT;

    /** The Flink version the jar was built with (and the private cluster is assembled from). */
    public static final String FLINK;

    static {
        // a missing or unreadable resource is reported as unknown below
        Properties p = ClassPathProperties.of(Build.class, "sqlexam-build.properties");
        VERSION = known(p.getProperty("version"));
        COMMIT = known(System.getProperty("sqlexam.commit", p.getProperty("commit")));
        FLINK = known(p.getProperty("flink"));
    }

    private Build() {}

    private static String known(String value) {
        return value == null || value.isBlank() || value.startsWith("${") ? "unknown" : value;
    }

    /** "sqlexam VERSION (COMMIT)". */
    public static String describe() {
        return "sqlexam " + VERSION + " (" + COMMIT + ")";
    }
}
