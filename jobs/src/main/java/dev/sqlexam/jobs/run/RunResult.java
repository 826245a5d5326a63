package dev.sqlexam.jobs.run;

import dev.sqlexam.report.ExamSummary;

import java.nio.file.Path;

/** Where a run's outputs went, and its summary. */
public record RunResult(
        String runId, Path outDir, ExamSummary summary, long logLines, long rejectedLines) {

    /** The summary holds no variant: nothing was graded. */
    public boolean gradedNothing() {
        return summary.variants().isEmpty();
    }
}
