package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.exam.ExamRun;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.report.ExamSummary;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code bench sharing}: the wall time of one exam job with one variant, two variants that differ
 * only after generation, and two variants × three runs, each against the single variant measured in
 * the same sitting (after a warm-up run).
 */
public final class SharingBenchRun {

    private static final String ROW = "%-22s %8s %9s %8s %22s %24s %11s%n";

    private record Case(String label, List<Variant> variants, int runs) {}

    private final Function<Map<String, String>, Settings> settings;
    private final Path examSet;
    private final Path reference;
    private final Path other;

    /**
     * {@code settings}: the command's settings with the overrides given; {@code examSet}, {@code
     * reference}, {@code other}: null for ERP's exam set, the default variant and no-reranker.
     */
    public SharingBenchRun(
            Function<Map<String, String>, Settings> settings,
            Path examSet,
            Path reference,
            Path other) {
        this.settings = settings;
        this.examSet = examSet;
        this.reference = reference;
        this.other = other;
    }

    public void run(PrintStream out) throws Exception {
        Path home = Home.resolve();
        Path set = examSet != null ? examSet : home.resolve("exam-sets/erp/erp.jsonl");
        Variant a =
                variant(
                        reference != null
                                ? reference
                                : home.resolve("flink-conf/variants/defaults.yaml"));
        Variant b =
                variant(
                        other != null
                                ? other
                                : home.resolve("flink-conf/variants/no-reranker.yaml"));
        List<String[]> rows = measure(set, a, b, out);
        out.printf(
                "%nbench sharing: %s; %s vs %s; job wall time (from start to the last record)%n%n",
                set, a.name(), b.name());
        out.printf(
                ROW,
                "job",
                "records",
                "seconds",
                "ratio",
                "retrievals/question",
                "generations/question",
                "gold runs");
        for (String[] row : rows) out.printf(ROW, (Object[]) row);
        out.println(
                "\ntargets: 2 variants differing after generation ≤ 1.30×; 2 variants × 3 runs ≤ 2.50×");
    }

    /** Each case's exam job, a table row for each but the warm-up. */
    private List<String[]> measure(Path set, Variant a, Variant b, PrintStream out)
            throws Exception {
        Path runs = Files.createTempDirectory("sqlexam-bench-sharing");
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
            Settings caseSettings =
                    settings.apply(Map.of(SqlExamOptions.RUNS.key(), Integer.toString(c.runs())));
            out.println("[sqlexam] bench sharing: " + c.label() + " …");
            RunResult r =
                    new ExamRun(caseSettings, set, runs, null, quiet, c.variants(), false)
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
        return rows;
    }

    private static Variant variant(Path file) {
        return Variant.read(file);
    }
}
