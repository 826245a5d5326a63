package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.ExamSetChecker;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code exam-set check}: the gold health check of an exam set or a folder of them. After the
 * server probe and the pre-flight an exam runs (the reader's access checked and granted), every
 * gold query runs twice as the reader; each finding is printed, and each file's counts.
 */
public final class ExamSetCheck {

    private final Settings settings;
    private final int threads;
    private final PrintStream out;
    private final RunComposer composer;

    /** {@code threads}: queries in parallel. */
    public ExamSetCheck(Settings settings, int threads, PrintStream out) {
        this(settings, threads, out, RunComposer.standard());
    }

    private ExamSetCheck(Settings settings, int threads, PrintStream out, RunComposer composer) {
        this.settings = settings;
        this.threads = threads;
        this.out = out;
        this.composer = composer;
    }

    /** This check set up with {@code setup} instead of sqlexam's standard composer. */
    public ExamSetCheck composedBy(RunComposer setup) {
        return new ExamSetCheck(settings, threads, out, setup);
    }

    /**
     * Checks the exam set or every *.jsonl in the folder {@code path}, each read once and set up as
     * a run of its own (migrations, server probe, the pre-flight that checks and grants the
     * reader's access); the findings that block an exam (rejected lines included), 0 when it
     * passed.
     */
    public int run(Path path) throws Exception {
        int findings = 0;
        for (Path file : ExamSetFiles.resolve(path)) {
            ExamSetContent content = ExamSetContent.read(file);
            ComposedRun composed =
                    composer.compose(
                            RunDefinition.ofExamSet(
                                    RunMode.CHECK,
                                    settings,
                                    List.of(Variant.DEFAULT),
                                    content,
                                    Answers.fromPipeline(),
                                    RunDefinition.Limits.of(settings)),
                            out);
            Preflight.Result preflight = composed.preflight();
            ReaderAccess reader = preflight.reader();
            try (PooledConnections connections =
                    new PooledConnections(
                            reader.url(), reader.initSql(), true, preflight.connections())) {
                ReadOnlyExecutor executor =
                        new ReadOnlyExecutor(
                                connections,
                                settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                settings.get(SqlExamOptions.ROW_CAP));
                findings += check(file, content.on(composed.serverDatabases()), executor);
                executor.closeSqlite();
            }
        }
        out.println(
                findings == 0
                        ? "exam-set check: passed"
                        : "exam-set check: " + findings + " finding(s)");
        return findings;
    }

    private int check(Path file, ExamSetFiles.Read read, ReadOnlyExecutor executor)
            throws InterruptedException {
        long start = System.nanoTime();
        ExamSetChecker checker =
                new ExamSetChecker(executor.onTheirFiles(read.questions()), threads);
        for (RejectedLine r : read.rejected())
            out.printf("  line %d: %s%n", r.lineNumber(), r.reason());
        List<ExamSetChecker.QuestionReport> reports = checker.check(read.questions());
        Map<ExamSetChecker.Problem, Integer> counts = new EnumMap<>(ExamSetChecker.Problem.class);
        int queries = 0;
        for (ExamSetChecker.QuestionReport report : reports) {
            queries += report.queries();
            for (ExamSetChecker.Finding f : report.findings()) {
                counts.merge(f.problem(), 1, Integer::sum);
                out.printf(
                        "  %-14s %-18s %s: %s%n",
                        f.questionId(),
                        f.problem().name().toLowerCase(),
                        f.goldIndex() == 0 ? "gold_sql" : "alternative " + f.goldIndex(),
                        f.detail());
            }
        }
        out.printf(
                "%s: %d questions, %d gold queries, %d rejected lines%s (%.1f s)%n",
                file,
                reports.size(),
                queries,
                read.rejected().size(),
                perProblem(counts),
                (System.nanoTime() - start) / 1e9);
        return read.rejected().size()
                + counts.entrySet().stream()
                        .filter(e -> e.getKey().blocking())
                        .mapToInt(Map.Entry::getValue)
                        .sum();
    }

    /** ", 0 error, 0 timeout, 2 empty, …": every problem's count, in the checker's order. */
    private static String perProblem(Map<ExamSetChecker.Problem, Integer> counts) {
        StringBuilder sb = new StringBuilder();
        for (ExamSetChecker.Problem p : ExamSetChecker.Problem.values()) {
            sb.append(", ")
                    .append(counts.getOrDefault(p, 0))
                    .append(' ')
                    .append(p.name().toLowerCase());
        }
        return sb.toString();
    }
}
