package dev.sqlexam.jobs.exam;

import dev.sqlexam.jobs.report.RunReport;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.ExamJobRunner;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.SummaryAccumulator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The end of a run: the exam log and rejected lines merged, summary.json, the report, the exam.runs
 * and metrics rows, and the lines that say where each went.
 */
final class RunClosing {

    /** What the job left: its exam log merged with what a resumed run logged before. */
    private record Merged(RunOutputs.Merged log, long rejectedLines) {}

    private final String runId;
    private final Path examSet;
    private final PrintStream out;

    RunClosing(String runId, Path examSet, PrintStream out) {
        this.runId = runId;
        this.examSet = examSet;
        this.out = out;
    }

    RunResult close(
            RunDriver.Opened run,
            RunDriver.Plan plan,
            SharingPlan sharing,
            ExamJobRunner.Finished finished,
            double seconds)
            throws Exception {
        SummaryAccumulator accumulator = finished.summary();
        long goldExecutions = accumulator.goldExecutions();
        requirePartsHere(run, accumulator.records());
        accumulator.merge(SummaryAccumulator.of(run.earlier().values()));
        Merged merged = merge(run);
        ExamSummary summary =
                summary(run, plan, sharing, finished, accumulator, goldExecutions, seconds);
        run.catalog().finish(summary, "finished");
        Path report =
                RunReport.write(
                        run.outDir(), summary, accumulator, RunLog.records(run.outDir()), out);
        printWhereEachWent(run, merged, report);
        RunManifest.markFinished(run.outDir());
        return new RunResult(
                runId, run.outDir(), summary, merged.log().lines(), merged.rejectedLines());
    }

    /** A job on a cluster whose workers wrote their parts elsewhere left nothing to merge here. */
    private static void requirePartsHere(RunDriver.Opened run, long graded) {
        if (graded == 0 || Files.isDirectory(run.parts().resolve("exam-log"))) return;
        run.catalog().finish(null, "failed");
        throw new IllegalStateException(
                "the job graded "
                        + graded
                        + " record(s) but its exam log parts are not in "
                        + run.parts()
                        + ": the workers wrote them on their own disks; give --out a folder"
                        + " this machine and every TaskManager share");
    }

    /** The exam log's and the rejected lines' parts merged into their files, the parts deleted. */
    private Merged merge(RunDriver.Opened run) throws IOException {
        Path parts = run.parts();
        RunOutputs.Merged log =
                RunOutputs.merge(
                        parts.resolve("exam-log"),
                        run.earlier().values(),
                        run.outDir().resolve("exam_log.jsonl"));
        if (log.duplicates() > 0) {
            out.printf(
                    "[sqlexam] warning: %d committed record(s) repeated a logged question and were"
                            + " dropped from the exam log%n",
                    log.duplicates());
        }
        long rejected =
                RunOutputs.mergeRejected(
                        parts.resolve("rejected"),
                        run.answers().rejectedJson(),
                        run.outDir().resolve("rejected.jsonl"));
        RunOutputs.deleteTree(parts);
        return new Merged(log, rejected);
    }

    private ExamSummary summary(
            RunDriver.Opened run,
            RunDriver.Plan plan,
            SharingPlan sharing,
            ExamJobRunner.Finished finished,
            SummaryAccumulator accumulator,
            long goldExecutions,
            double seconds) {
        RunAnswers answers = run.answers();
        var variants = run.composed().variants();
        long badLines = finished.rejectedLines();
        ExamSummary.Sharing shared =
                new ExamSummary.Sharing(
                        variants.size(),
                        plan.repetitions(),
                        sharing.retrievalGroups(),
                        sharing.generationGroups(),
                        goldExecutions,
                        run.questions() - badLines);
        return ExamSummary.of(
                accumulator,
                new ExamSummary.Context(
                        runId,
                        examSet.toString(),
                        answers.generatorName(),
                        answers.generatorReason(),
                        answers.selfCheck(),
                        badLines + answers.rejectedJson().size(),
                        seconds,
                        finished.subgraphHits(),
                        finished.subgraphMisses(),
                        RunAnswers.infos(variants),
                        answers.predictions() != null ? null : shared));
    }

    private void printWhereEachWent(RunDriver.Opened run, Merged merged, Path report) {
        Path outDir = run.outDir();
        out.println(
                "exam log   "
                        + outDir.resolve("exam_log.jsonl")
                        + " ("
                        + merged.log().lines()
                        + " records)");
        if (merged.rejectedLines() > 0)
            out.println(
                    "rejected   "
                            + outDir.resolve("rejected.jsonl")
                            + " ("
                            + merged.rejectedLines()
                            + " lines)");
        out.println(
                "summary    "
                        + outDir.resolve("summary.json")
                        + "; rows in exam.results of sqlexam's "
                        + run.composed().state()
                        + " (run_id '"
                        + runId
                        + "')");
        out.println("report     " + report);
    }
}
