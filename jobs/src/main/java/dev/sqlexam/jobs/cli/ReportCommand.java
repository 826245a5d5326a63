package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.RunReports;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code sqlexam report}: rebuild a run's report.html from its files. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild a run's report.html (one self-contained page: charts, disagreements, every question's trace) from its "
                + "summary.json, exam log and disagreements. No database, no model. Open the file in any browser; it needs no network.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run's folder (runs/<run-id>).")
    Path runDir;

    @Override
    public Integer call() throws Exception {
        System.out.println("report     " + RunReports.rebuild(runDir));
        return 0;
    }
}
