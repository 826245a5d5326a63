package dev.sqlexam.report;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import static dev.sqlexam.report.ConsoleReport.column;
import static dev.sqlexam.report.ConsoleReport.pct;

/** One column per variant (an A/B exam, or one predictions file each in a grade run). */
final class SideBySide {

    private SideBySide() {}

    static void render(StringBuilder sb, List<ExamSummary.VariantSummary> variants) {
        sb.append("\nside by side\n");
        sb.append(String.format(Locale.ROOT, "  %-26s", "metric"));
        for (ExamSummary.VariantSummary v : variants)
            sb.append(String.format(Locale.ROOT, " %14s", column(v.variant())));
        sb.append('\n');
        executionMatch(sb, variants);
        if (variants.stream().anyMatch(v -> v.overall().getSuiteChecked() != null))
            suite(sb, variants);
        reasons(sb, variants);
        difficulties(sb, variants);
        metric(sb, "gold exec p50 (ms)", variants, v -> Long.toString(v.goldExecP50Ms()));
        metric(sb, "prediction exec p50 (ms)", variants, v -> Long.toString(v.predExecP50Ms()));
    }

    private static void executionMatch(
            StringBuilder sb, List<ExamSummary.VariantSummary> variants) {
        metric(sb, "questions", variants, v -> Long.toString(v.overall().getTotal()));
        metric(sb, "strict EX", variants, v -> pct(v.overall().getAccuracy()));
        metric(
                sb,
                "lenient EX (extra columns)",
                variants,
                v -> pct(v.overall().getLenientAccuracy()));
        metric(sb, "non-empty EX", variants, v -> pct(v.overall().getNonEmptyAccuracy()));
        metric(sb, "BIRD-EX (row sets)", variants, v -> pct(v.overall().getBirdAccuracy()));
        metric(
                sb,
                "Soft-F1",
                variants,
                v -> v.overall().getSoftF1() == null ? "-" : pct(v.overall().getSoftF1()));
    }

    private static void suite(StringBuilder sb, List<ExamSummary.VariantSummary> variants) {
        metric(
                sb,
                "EX exam databases only",
                variants,
                v ->
                        v.overall().getExamDbAccuracy() == null
                                ? "-"
                                : pct(v.overall().getExamDbAccuracy()));
        metric(
                sb,
                "suite overturned",
                variants,
                v ->
                        v.overall().getSuiteOverturned() == null
                                ? "-"
                                : Long.toString(v.overall().getSuiteOverturned()));
    }

    private static void reasons(StringBuilder sb, List<ExamSummary.VariantSummary> variants) {
        Set<String> reasons = new TreeSet<>();
        variants.forEach(v -> reasons.addAll(v.reasons().keySet()));
        for (String r : reasons)
            metric(sb, "  " + r, variants, v -> Long.toString(v.reasons().getOrDefault(r, 0L)));
    }

    private static void difficulties(StringBuilder sb, List<ExamSummary.VariantSummary> variants) {
        Set<String> difficulties = new TreeSet<>();
        variants.forEach(v -> difficulties.addAll(v.byDifficulty().keySet()));
        if (difficulties.size() == 1 && difficulties.contains("(none)")) return;
        for (String d : difficulties) {
            metric(
                    sb,
                    "strict EX " + d,
                    variants,
                    v ->
                            v.byDifficulty().containsKey(d)
                                    ? pct(v.byDifficulty().get(d).getAccuracy())
                                    : "-");
        }
    }

    private static void metric(
            StringBuilder sb,
            String name,
            List<ExamSummary.VariantSummary> variants,
            Function<ExamSummary.VariantSummary, String> value) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-26s",
                        name.length() > 26 ? name.substring(0, 25) + "…" : name));
        for (ExamSummary.VariantSummary v : variants)
            sb.append(String.format(Locale.ROOT, " %14s", value.apply(v)));
        sb.append('\n');
    }
}
