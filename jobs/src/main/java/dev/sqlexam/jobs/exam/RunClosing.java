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

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The end of a run: the exam log and rejected lines merged, summary.json, the report, the exam.runs
 * and metrics rows, and the lines that say where each went.
 */
final class RunClosing {

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
        RunAnswers answers = run.answers();
        Path outDir = run.outDir();
        Path parts = run.parts();
        SummaryAccumulator accumulator = finished.summary();
        long goldExecutions = accumulator.goldExecutions();
        long graded = accumulator.records();
        accumulator.merge(SummaryAccumulator.of(run.earlier().values()));
        long badLines = finished.rejectedLines();
        if (graded > 0 && !Files.isDirectory(parts.resolve("exam-log"))) {
            run.catalog().finish(null, "failed");
            throw new IllegalStateException(
                    "the job graded "
                            + graded
                            + " record(s) but its exam log parts are not in "
                            + parts
                            + ": the workers wrote them on their own disks; give --out a folder"
                            + " this machine and every TaskManager share");
        }
        RunOutputs.Merged merged =
                RunOutputs.merge(
                        parts.resolve("exam-log"),
                        run.earlier().values(),
                        outDir.resolve("exam_log.jsonl"));
        if (merged.duplicates() > 0) {
            out.printf(
                    "[sqlexam] warning: %d committed record(s) repeated a logged question and were"
                            + " dropped from the exam log%n",
                    merged.duplicates());
        }
        long rejectedLines =
                RunOutputs.mergeRejected(
                        parts.resolve("rejected"),
                        answers.rejectedJson(),
                        outDir.resolve("rejected.jsonl"));
        RunOutputs.deleteTree(parts);

        var variants = run.composed().variants();
        ExamSummary.Sharing shared =
                new ExamSummary.Sharing(
                        variants.size(),
                        plan.repetitions(),
                        sharing.retrievalGroups(),
                        sharing.generationGroups(),
                        goldExecutions,
                        run.questions() - badLines);
        ExamSummary summary =
                ExamSummary.of(
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
        run.catalog().finish(summary, "finished");
        Path report = RunReport.write(outDir, summary, accumulator, RunLog.read(outDir), out);
        out.println(
                "exam log   "
                        + outDir.resolve("exam_log.jsonl")
                        + " ("
                        + merged.lines()
                        + " records)");
        if (rejectedLines > 0)
            out.println(
                    "rejected   "
                            + outDir.resolve("rejected.jsonl")
                            + " ("
                            + rejectedLines
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
        RunManifest.markFinished(outDir);
        return new RunResult(runId, outDir, summary, merged.lines(), rejectedLines);
    }
}
