package dev.sqlexam.report;

import java.util.Locale;
import java.util.Map;

/**
 * The console lines of a variant's statistics over runs and questions, and of a paired comparison.
 */
final class VariantStatistics {

    private VariantStatistics() {}

    static void render(StringBuilder sb, ExamSummary.VariantSummary v) {
        QuestionOutcomes.PerQuestion q = v.perQuestion();
        if (q != null && q.questions() > 0) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  questions  %d graded; accuracy %s, standard error %s",
                            q.questions(),
                            pct(q.accuracy()),
                            pct(q.standardError())));
            if (q.clusters() > 1)
                sb.append(
                        String.format(
                                Locale.ROOT,
                                " (clustered by %d databases: %s)",
                                q.clusters(),
                                pct(q.clusteredStandardError())));
            if (v.runs() > 1) {
                sb.append(
                        String.format(
                                Locale.ROOT,
                                "; pass@%d %s, pass^%d %s, outcome flips between runs %s",
                                v.runs(),
                                pct(q.passAtN()),
                                v.runs(),
                                pct(q.passHatN()),
                                pct(q.flipShare())));
            }
            sb.append('\n');
        }
        if (v.runs() <= 1 || v.metrics() == null) return;
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  over %d runs: %-24s %9s %9s %9s %9s%n",
                        v.runs(),
                        "metric",
                        "mean",
                        "± std",
                        "min",
                        "max"));
        for (Map.Entry<String, Spread> e : v.metrics().entrySet()) {
            Spread s = e.getValue();
            boolean ratio =
                    !(e.getKey().endsWith("_ms")
                            || e.getKey().endsWith("_tokens")
                            || e.getKey().startsWith("cost"));
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  %14s%-24s %9s %9s %9s %9s%n",
                            "",
                            e.getKey(),
                            value(s.mean(), ratio),
                            value(s.std(), ratio),
                            value(s.min(), ratio),
                            value(s.max(), ratio)));
        }
    }

    static void render(StringBuilder sb, PairedComparison c) {
        sb.append("  ").append(c.verdict()).append('\n');
        sb.append(
                String.format(
                        Locale.ROOT,
                        "    %d questions: %s %s vs %s %s (per-question means over runs); difference %+.1f points, "
                                + "standard error %.1f%s, 95%% bootstrap CI %+.1f to %+.1f; detectable at 80%% power: ±%.1f points%n",
                        c.paired(),
                        c.a(),
                        pct(c.accuracyA()),
                        c.b(),
                        pct(c.accuracyB()),
                        100 * c.difference(),
                        100 * c.standardError(),
                        c.clusters() > 1 ? " (clustered by " + c.clusters() + " databases)" : "",
                        100 * c.ciLow(),
                        100 * c.ciHigh(),
                        100 * c.minimumDetectableEffect()));
        sb.append(
                String.format(
                        Locale.ROOT,
                        "    first run: both right %d, only %s %d, only %s %d, both wrong %d; McNemar exact p = %.3g%n",
                        c.bothCorrect(),
                        c.a(),
                        c.onlyA(),
                        c.b(),
                        c.onlyB(),
                        c.bothWrong(),
                        c.pValue()));
        breakdown(sb, "difficulty", c.byDifficulty());
        breakdown(sb, "module", c.byModule());
    }

    private static void breakdown(
            StringBuilder sb, String scope, Map<String, PairedComparison> parts) {
        if (parts == null || parts.isEmpty()) return;
        for (Map.Entry<String, PairedComparison> e : parts.entrySet()) {
            PairedComparison p = e.getValue();
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "    %-10s %-22s %4d q  %+6.1f points [%+.1f, %+.1f]  only A %d / only B %d  p = %.3g%s%n",
                            scope,
                            ConsoleReport.truncate(e.getKey()),
                            p.paired(),
                            100 * p.difference(),
                            100 * p.ciLow(),
                            100 * p.ciHigh(),
                            p.onlyA(),
                            p.onlyB(),
                            p.pValue(),
                            p.ciLow() > 0 || p.ciHigh() < 0 ? "" : "  (n.s.)"));
        }
    }

    private static String value(double v, boolean ratio) {
        return ratio ? pct(v) : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.4g", v);
    }

    private static String pct(double fraction) {
        return ConsoleReport.pct(fraction);
    }
}
