package dev.sqlexam.jobs.report;

import java.io.IOException;
import java.nio.file.Path;

/** The run report for the CLI: rebuilt from a run's folder. */
public final class RunReports {

    private RunReports() {}

    public static Path rebuild(Path runDir) throws IOException {
        return RunReport.rebuild(runDir);
    }
}
