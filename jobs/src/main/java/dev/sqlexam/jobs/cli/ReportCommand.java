package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.report.RunReports;
import dev.sqlexam.jobs.report.WatchReport;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam report}: rebuild a run's report.html, or draw a watch's windows and alerts into
 * watch.html.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Rebuild a run's report.html, or draw a watch's windows and alerts (--watch).",
            "Rebuild a run's report.html (one self-contained page: charts, disagreements, every "
                    + "question's trace) from its summary.json, exam log and disagreements; or, with --watch, draw "
                    + "a watch's window rows and alerts (a replay's files or a following watch's committed parts, "
                    + "while it runs) into watch.html. No database, no model; the pages need no network."
        })
final class ReportCommand implements Callable<Integer> {

    static final class Target {
        @Parameters(
                index = "0",
                paramLabel = "RUN_DIR",
                description = "The run's folder (runs/<run-id>).")
        Path runDir;

        @Option(
                names = "--watch",
                paramLabel = "DIR",
                description = "A watch's output folder (runs/watch-…).")
        Path watchDir;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Override
    public Integer call() throws Exception {
        System.out.println(
                "report     "
                        + (target.watchDir != null
                                ? WatchReport.write(target.watchDir)
                                : RunReports.rebuild(target.runDir)));
        return 0;
    }
}
