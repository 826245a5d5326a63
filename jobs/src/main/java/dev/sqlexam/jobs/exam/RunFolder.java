package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.report.RunReport;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.RunCatalog;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.RunPlatform;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.ExamJobRunner;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.SummaryAccumulator;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run's output folder. Opened: run.json, grants.sql, the exam.runs row, and a resumed run's
 * records taken back. Closed: the exam log merged with them, rejected.jsonl, summary.json, the
 * report, the exam.runs and metrics rows, and the lines that say where each went.
 */
final class RunFolder {

    private final String runId;
    private final RunDefinition definition;
    private final ComposedRun composed;
    private final Answers answers;
    private final ExamSetFiles.Read examSet;
    private final Path dir;
    private final Map<String, ExamRecord> earlier;
    private final RunCatalog catalog;
    private final PrintStream out;

    private RunFolder(
            String runId,
            ComposedRun composed,
            Answers answers,
            ExamSetFiles.Read examSet,
            Path dir,
            Map<String, ExamRecord> earlier,
            PrintStream out) {
        this.runId = runId;
        this.definition = composed.definition();
        this.composed = composed;
        this.answers = answers;
        this.examSet = examSet;
        this.dir = dir;
        this.earlier = earlier;
        this.catalog = new RunCatalog(composed.state().url());
        this.out = out;
    }

    /**
     * The folder {@code runId} under {@code root} opened for {@code composed}'s run of the
     * questions {@code examSet}, answered by {@code answers}; {@code resume} takes back what a
     * killed run of the same id logged.
     */
    static RunFolder open(
            Path root,
            String runId,
            boolean resume,
            ComposedRun composed,
            Answers answers,
            ExamSetFiles.Read examSet,
            PrintStream out)
            throws Exception {
        RunDefinition definition = composed.definition();
        Path dir = root.resolve(runId);
        Provenance provenance = RunProvenance.of(composed, answers);
        if (resume) Provenance.print(Provenance.of(dir), provenance, "since the run began", out);
        Map<String, ExamRecord> earlier = resume ? RunLog.recover(dir) : Map.of();
        if (resume) {
            RunOutputs.writeLines(dir.resolve("exam_log.jsonl"), RunLog.lines(earlier.values()));
            out.printf(
                    "[sqlexam] resuming run %s: %d record(s) already logged are not asked again%n",
                    runId, earlier.size());
        }
        RunFolder folder = new RunFolder(runId, composed, answers, examSet, dir, earlier, out);
        RunOutputs.deleteTree(folder.parts());
        Files.createDirectories(dir);
        Preflight.writeGrants(composed.preflight().access(), dir.resolve("grants.sql"));
        var named = definition.databases();
        new RunManifest(
                        runId,
                        RunManifest.recorded(definition.examSet().file()),
                        definition.limits().repetitions(),
                        answers instanceof Answers.Submitted,
                        composed.variants().stream().map(ResolvedVariant::variant).toList(),
                        provenance,
                        RunManifest.Invocation.now(),
                        RunPlatform.collect(
                                composed.admin(),
                                named.isEmpty() ? null : named.iterator().next(),
                                composed.state().url()))
                .write(dir);
        folder.catalog.start(
                runId,
                definition.examSet().file().toString(),
                generatorName(composed, answers),
                composed.selfCheck(),
                definition.settings().changed());
        return folder;
    }

    Path dir() {
        return dir;
    }

    /** Where the job writes its exam log's parts. */
    Path parts() {
        return dir.resolve(".parts");
    }

    /** The records a resumed run's predecessor logged. */
    Map<String, ExamRecord> earlier() {
        return earlier;
    }

    /** The run failed: its exam.runs row says so. */
    void failed() {
        catalog.finish(null, "failed");
    }

    RunResult close(SharingPlan sharing, ExamJobRunner.Finished finished, double seconds)
            throws Exception {
        SummaryAccumulator accumulator = finished.summary();
        long goldExecutions = accumulator.goldExecutions();
        requirePartsHere(accumulator.records());
        accumulator.merge(SummaryAccumulator.of(earlier.values()));
        RunOutputs.Merged log = mergeLog();
        long rejected =
                RunOutputs.writeRejected(
                        examSet.rejected(), unusableLines(), dir.resolve("rejected.jsonl"));
        ExamSummary summary = summary(sharing, finished, accumulator, goldExecutions, seconds);
        catalog.finish(summary, "finished");
        Path report = RunReport.write(dir, summary, accumulator, RunLog.records(dir), out);
        printWhereEachWent(log, rejected, report);
        RunManifest.markFinished(dir);
        return new RunResult(runId, dir, summary, log.lines(), rejected);
    }

    /** Who wrote the run's SQL: the submitted SQL's author, else the variants' generators. */
    static String generatorName(ComposedRun composed, Answers answers) {
        return answers instanceof Answers.Submitted s ? s.generator() : composed.generatorNames();
    }

    private static String generatorReason(ComposedRun composed, Answers answers) {
        return answers instanceof Answers.Submitted s ? s.reason() : composed.generatorReason();
    }

    private List<String> unusableLines() {
        return answers instanceof Answers.Submitted s ? s.unusableLines() : List.of();
    }

    /** A job on a cluster whose workers wrote their parts elsewhere left nothing to merge here. */
    private void requirePartsHere(long graded) {
        if (graded == 0 || Files.isDirectory(parts().resolve("exam-log"))) return;
        failed();
        throw new IllegalStateException(
                "the job graded "
                        + graded
                        + " record(s) but its exam log parts are not in "
                        + parts()
                        + ": the workers wrote them on their own disks; give --out a folder"
                        + " this machine and every TaskManager share");
    }

    /** The exam log's parts merged into exam_log.jsonl with a resumed run's records. */
    private RunOutputs.Merged mergeLog() {
        RunOutputs.Merged log =
                RunOutputs.merge(
                        parts().resolve("exam-log"),
                        earlier.values(),
                        dir.resolve("exam_log.jsonl"));
        if (log.duplicates() > 0) {
            out.printf(
                    "[sqlexam] warning: %d committed record(s) repeated a logged question and were"
                            + " dropped from the exam log%n",
                    log.duplicates());
        }
        RunOutputs.deleteTree(parts());
        return log;
    }

    private ExamSummary summary(
            SharingPlan sharing,
            ExamJobRunner.Finished finished,
            SummaryAccumulator accumulator,
            long goldExecutions,
            double seconds) {
        var variants = composed.variants();
        long badLines = examSet.rejected().size();
        ExamSummary.Sharing shared =
                new ExamSummary.Sharing(
                        variants.size(),
                        definition.limits().repetitions(),
                        sharing.retrievalGroups(),
                        sharing.generationGroups(),
                        goldExecutions,
                        examSet.questions().size());
        return ExamSummary.of(
                accumulator,
                new ExamSummary.Context(
                        runId,
                        definition.examSet().file().toString(),
                        new ExamSummary.Authors(
                                generatorName(composed, answers),
                                generatorReason(composed, answers),
                                composed.selfCheck()),
                        badLines + unusableLines().size(),
                        seconds,
                        new ExamSummary.CacheCounts(
                                finished.subgraphHits(), finished.subgraphMisses()),
                        variantInfos(variants),
                        answers instanceof Answers.Submitted ? null : shared));
    }

    /** Each variant's description, options that differ from the first's, and token prices. */
    private static List<ExamSummary.VariantInfo> variantInfos(List<ResolvedVariant> variants) {
        var reference = variants.get(0).settings();
        return variants.stream()
                .map(
                        v ->
                                new ExamSummary.VariantInfo(
                                        v.name(),
                                        v.variant().description(),
                                        v.settings().differencesFrom(reference),
                                        v.settings().get(SqlExamOptions.COST_PER_1K_PROMPT_TOKENS),
                                        v.settings()
                                                .get(SqlExamOptions.COST_PER_1K_COMPLETION_TOKENS)))
                .toList();
    }

    private void printWhereEachWent(RunOutputs.Merged log, long rejected, Path report) {
        out.println(
                "exam log   " + dir.resolve("exam_log.jsonl") + " (" + log.lines() + " records)");
        if (rejected > 0)
            out.println(
                    "rejected   " + dir.resolve("rejected.jsonl") + " (" + rejected + " lines)");
        out.println(
                "summary    "
                        + dir.resolve("summary.json")
                        + "; rows in exam.results of sqlexam's "
                        + composed.state()
                        + " (run_id '"
                        + runId
                        + "')");
        out.println("report     " + report);
    }
}
