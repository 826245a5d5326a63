package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.predictions.Prediction;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-executes the SQL a run logged and grades it with today's grader, no model called: a new run
 * (same variants and repetitions, and the timeouts a grade run gave) and changes.jsonl, every
 * question whose verdict or reason changed, before and after. A question the run logged no SQL for
 * cannot be re-executed; it is graded {@code missing} and counted apart, not as a change.
 */
public final class RegradeRun {

    /**
     * One changed record: the question, the variant and run, and its verdict and reason before and
     * after.
     */
    public record Change(
            String questionId,
            String db,
            String variant,
            int repetition,
            boolean correctBefore,
            String reasonBefore,
            boolean correctAfter,
            String reasonAfter,
            String gradeDetail) {}

    /** The new run, and what changed. */
    public record Result(RunResult run, List<Change> changes, long notRegraded) {}

    private final Settings settings;
    private final Path runDir;
    private final Path examSet;
    private final PrintStream out;
    private final RunDriver driver;

    public RegradeRun(
            Settings settings,
            Path runDir,
            Path examSet,
            Path outRoot,
            String runId,
            PrintStream out) {
        this(
                settings,
                runDir,
                examSet != null ? examSet : RunManifest.read(runDir).examSetPath(),
                out,
                new RunDriver(outRoot, runId, out, false, RunComposer.standard()));
    }

    private RegradeRun(
            Settings settings, Path runDir, Path examSet, PrintStream out, RunDriver driver) {
        this.settings = settings;
        this.runDir = runDir;
        this.examSet = examSet;
        this.out = out;
        this.driver = driver;
    }

    /** This regrade set up with {@code composer} instead of sqlexam's standard one. */
    public RegradeRun composedBy(RunComposer composer) {
        return new RegradeRun(settings, runDir, examSet, out, driver.composedBy(composer));
    }

    public Result run(FlinkTarget target) throws Exception {
        List<ExamRecord> before = RunLog.read(runDir);
        RunResult result = driver.run(target, definition(before));
        Map<String, ExamRecord> after = new LinkedHashMap<>();
        for (ExamRecord r : RunLog.read(result.outDir())) after.put(RunLog.key(r), r);
        List<Change> changes = new ArrayList<>();
        long notRegraded = 0;
        for (ExamRecord old : before) {
            ExamRecord now = after.get(RunLog.key(old));
            if (now == null) continue;
            if (old.predSql() == null || old.predSql().isBlank()) {
                notRegraded++;
                continue;
            }
            if (old.correct() != now.correct() || !old.reason().equals(now.reason())) {
                changes.add(
                        new Change(
                                old.questionId(),
                                old.db(),
                                old.variant(),
                                old.repetition(),
                                old.correct(),
                                old.reason(),
                                now.correct(),
                                now.reason(),
                                now.gradeDetail()));
            }
        }
        RunOutputs.writeLines(
                result.outDir().resolve("changes.jsonl"),
                changes.stream().map(Json::write).toList());
        Provenance.print(
                Provenance.of(runDir), Provenance.of(result.outDir()), "since the run", out);
        long toRight = changes.stream().filter(c -> !c.correctBefore() && c.correctAfter()).count();
        long toWrong = changes.stream().filter(c -> c.correctBefore() && !c.correctAfter()).count();
        out.printf(
                "regrade of %s: %d record(s) re-executed; %d changed (%d wrong → right, %d right → wrong, %d reason only); "
                        + "%d had no SQL to run%n",
                runDir,
                before.size() - notRegraded,
                changes.size(),
                toRight,
                toWrong,
                changes.size() - toRight - toWrong,
                notRegraded);
        if (!changes.isEmpty())
            out.println("changes    " + result.outDir().resolve("changes.jsonl"));
        return new Result(result, changes, notRegraded);
    }

    private RunDefinition definition(List<ExamRecord> records) throws IOException {
        Map<String, Map<String, Prediction>> byVariant = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        if (Files.isRegularFile(runDir.resolve("run.json"))) {
            for (Variant v : RunManifest.read(runDir).variants())
                byVariant.put(v.name(), new LinkedHashMap<>());
        }
        boolean predictions = false;
        if (Files.isRegularFile(runDir.resolve("run.json")))
            predictions = RunManifest.read(runDir).predictions();
        int repetitions = 1;
        for (ExamRecord r : records) {
            repetitions = Math.max(repetitions, r.repetition());
            sources.put(r.variant(), runDir.getFileName() + " (" + r.variant() + ")");
            Map<String, Prediction> mine =
                    byVariant.computeIfAbsent(r.variant(), v -> new LinkedHashMap<>());
            if (r.predSql() == null || r.predSql().isBlank()) continue;
            mine.put(
                    PredictionsStep.perRun(r.repetition(), r.questionId()),
                    Prediction.sqlOnly(r.questionId(), r.predSql(), r.generator(), r.lineNumber()));
        }
        byVariant.values().removeIf(Map::isEmpty);
        List<Variant> variants =
                byVariant.keySet().stream()
                        .map(v -> new Variant(v, "regrade of " + v, Map.of()))
                        .toList();
        return RunDefinition.ofExamSet(
                RunMode.REGRADE,
                settings,
                variants,
                ExamSetContent.read(examSet),
                new Answers.Submitted(
                        "regrade",
                        "the SQL logged by " + runDir + ", re-executed",
                        new PredictionsStep(byVariant, sources),
                        List.of(),
                        List.of(runDir.resolve("exam_log.jsonl"))),
                RunDefinition.Limits.grading(
                        settings,
                        repetitions,
                        predictions ? GradeRun.adaptiveTimeout(settings) : null));
    }
}
