package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.exam.ExamRun;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.VariantFile;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.report.ExamSummary;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam bench sharing}: what several variants and runs cost in one job, against one
 * variant in the same sitting.
 */
@Command(
        name = "sharing",
        mixinStandardHelpOptions = true,
        description =
                "Wall time of one exam job with 1 variant, 2 variants that differ only after generation (retrieval and generation "
                        + "shared), and 2 variants × 3 runs, each against the single variant measured in the same sitting (after a warm-up run).")
final class BenchSharing implements Callable<Integer> {

    @Option(
            names = "--exam-set",
            description = "Exam set (JSONL). Default: exam-sets/erp/erp.jsonl.")
    Path examSet;

    @Option(
            names = "--variant",
            paramLabel = "FILE",
            description = "The reference variant. Default: flink-conf/variants/defaults.yaml.")
    Path reference;

    @Option(
            names = "--other",
            paramLabel = "FILE",
            description =
                    "The second variant. Default: flink-conf/variants/no-reranker.yaml "
                            + "(differs only after generation).")
    Path other;

    @Mixin CommonOptions common;

    private record Case(String label, List<RunManifest.Variant> variants, int runs) {}

    @Override
    public Integer call() throws Exception {
        Path home = Home.resolve();
        Path set = examSet != null ? examSet : home.resolve("exam-sets/erp/erp.jsonl");
        RunManifest.Variant a =
                variant(
                        reference != null
                                ? reference
                                : home.resolve("flink-conf/variants/defaults.yaml"));
        RunManifest.Variant b =
                variant(
                        other != null
                                ? other
                                : home.resolve("flink-conf/variants/no-reranker.yaml"));
        Path out = Files.createTempDirectory("sqlexam-bench-sharing");
        List<Case> cases =
                List.of(
                        new Case("1 variant (warm-up, not counted)", List.of(a), 1),
                        new Case("1 variant", List.of(a), 1),
                        new Case("2 variants", List.of(a, b), 1),
                        new Case("2 variants × 3 runs", List.of(a, b), 3));
        List<String[]> rows = new ArrayList<>();
        double single = 0;
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        for (Case c : cases) {
            Settings settings =
                    common.settings(Map.of(SqlExamOptions.RUNS.key(), Integer.toString(c.runs())));
            System.out.println("[sqlexam] bench sharing: " + c.label() + " …");
            RunResult r =
                    new ExamRun(settings, set, out, null, quiet, c.variants(), false)
                            .run(FlinkTarget.local());
            ExamSummary s = r.summary();
            double seconds = s.durationSeconds();
            if (c.label().equals("1 variant")) single = seconds;
            if (c.label().contains("warm-up")) continue;
            ExamSummary.Sharing sh = s.sharing();
            rows.add(
                    new String[] {
                        c.label(),
                        Long.toString(r.logLines()),
                        String.format(Locale.ROOT, "%.1f", seconds),
                        String.format(Locale.ROOT, "%.2f×", seconds / single),
                        Integer.toString(sh.retrievalsPerQuestion()),
                        Integer.toString(sh.generationsPerQuestionAndRun() * sh.runs()),
                        Long.toString(sh.goldExecutions())
                    });
        }
        System.out.printf(
                "%nbench sharing: %s; %s vs %s; job wall time (from start to the last record)%n%n",
                set, a.name(), b.name());
        System.out.printf(
                "%-22s %8s %9s %8s %22s %24s %11s%n",
                "job",
                "records",
                "seconds",
                "ratio",
                "retrievals/question",
                "generations/question",
                "gold runs");
        for (String[] row : rows)
            System.out.printf("%-22s %8s %9s %8s %22s %24s %11s%n", (Object[]) row);
        System.out.println(
                "\ntargets: 2 variants differing after generation ≤ 1.30×; 2 variants × 3 runs ≤ 2.50×");
        return 0;
    }

    private static RunManifest.Variant variant(Path file) {
        return VariantFile.read(file).asVariant();
    }
}
