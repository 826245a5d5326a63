package dev.sqlexam.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The summary as the console table a user reads at the end of a run. */
public final class ConsoleReport {

    private ConsoleReport() {}

    public static String render(ExamSummary summary) {
        StringBuilder sb = new StringBuilder();
        header(sb, summary);
        for (ExamSummary.VariantSummary v : summary.variants()) variant(sb, v);
        if (summary.variants().size() > 1) SideBySide.render(sb, summary.variants());
        paired(sb, summary.comparisons());
        return sb.toString();
    }

    private static void header(StringBuilder sb, ExamSummary summary) {
        sb.append('\n').append("sqlexam run ").append(summary.runId()).append('\n');
        sb.append("exam set   ").append(summary.examSet()).append('\n');
        sb.append("generator  ").append(summary.generator());
        if (summary.selfCheck())
            sb.append(
                    "  — SELF-CHECK: each candidate is the gold SQL; this grades the harness, not a model");
        else if (summary.generatorReason() != null)
            sb.append("  (").append(summary.generatorReason()).append(')');
        sb.append('\n');
        sb.append(
                String.format(
                        Locale.ROOT,
                        "rejected   %d line(s)%s%n",
                        summary.rejectedLines(),
                        summary.rejectedLines() > 0 ? " (see rejected.jsonl)" : ""));
        sb.append(String.format(Locale.ROOT, "duration   %.1f s%n", summary.durationSeconds()));
        if (summary.subgraphCacheHits() + summary.subgraphCacheMisses() > 0) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "join plans FK subgraph cache: %d hits, %d misses%n",
                            summary.subgraphCacheHits(),
                            summary.subgraphCacheMisses()));
        }
        if (summary.sharing() != null
                && summary.sharing().variants() * summary.sharing().runs() > 1) {
            sb.append("shared     ").append(summary.sharing().describe()).append('\n');
        }
    }

    private static void variant(StringBuilder sb, ExamSummary.VariantSummary v) {
        variantTitle(sb, v);
        VariantStatistics.render(sb, v);
        groups(sb, v);
        sb.append("  reasons    ");
        v.reasons().forEach((reason, n) -> sb.append(reason).append(' ').append(n).append("  "));
        sb.append('\n');
        executionMatch(sb, v.overall());
        if (v.overall().getSuiteChecked() != null) suite(sb, v.overall());
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  latency    p50 %d ms  p95 %d ms  max %d ms; execution p50: gold %d ms, prediction %d ms%n",
                        v.latencyP50Ms(),
                        v.latencyP95Ms(),
                        v.latencyMaxMs(),
                        v.goldExecP50Ms(),
                        v.predExecP50Ms()));
        FunnelLines.funnel(sb, v.funnel());
        FunnelLines.retrieval(sb, v.retrieval());
    }

    private static void variantTitle(StringBuilder sb, ExamSummary.VariantSummary v) {
        sb.append('\n');
        sb.append("variant ").append(v.variant());
        if (v.runs() > 1) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            ": accuracy %s ± %s over %d runs",
                            pct(v.accuracy()),
                            pct(v.accuracyStd()),
                            v.runs()));
        }
        if (v.description() != null && !v.description().isBlank())
            sb.append(" — ").append(v.description());
        sb.append('\n');
        if (v.differences() != null && !v.differences().isEmpty()) {
            sb.append("  differs from the reference: ").append(v.differences()).append('\n');
        }
    }

    /** The table of questions and accuracy: overall, then by difficulty, module and category. */
    private static void groups(StringBuilder sb, ExamSummary.VariantSummary v) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-11s %-22s %9s %8s %9s %9s %8s%n",
                        "scope",
                        "value",
                        "questions",
                        "correct",
                        "accuracy",
                        "lenient",
                        "excluded"));
        row(sb, "overall", "all", v.overall());
        section(sb, "difficulty", v.byDifficulty());
        section(sb, "module", v.byModule());
        section(sb, "category", v.byCategory());
    }

    private static void executionMatch(StringBuilder sb, Counts overall) {
        if (overall.getSpiderAccuracy() != null)
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  EX, Spider's rule %s of %d questions (%s over the %d golds without"
                                    + " findings); differs from strict EX on %d question(s)%n",
                            pct(overall.getSpiderAccuracy()),
                            overall.getSpiderQuestions(),
                            overall.getSpiderAccuracyHealthyGolds() == null
                                    ? "-"
                                    : pct(overall.getSpiderAccuracyHealthyGolds()),
                            overall.getHealthyGoldQuestions(),
                            overall.getSpiderDisagreements()));
        if (overall.getSpiderTsAccuracy() != null)
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  TS, Spider's rule %s (right on every official test-suite database)%n",
                            pct(overall.getSpiderTsAccuracy())));
        if (overall.getSpiderDisagreements() != null && overall.getSpiderDisagreements() > 0) {
            List<String> ids = overall.getSpiderDisagreementIds();
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "    where they differ: %s%s (summary.json lists every one)%n",
                            String.join(", ", ids.subList(0, Math.min(12, ids.size()))),
                            ids.size() > 12 ? " and " + (ids.size() - 12) + " more" : ""));
        }
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  match_empty %d (both results empty; counted correct, shown apart)%n",
                        overall.getMatchEmpty()));
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  EX         strict %s · lenient %s · non-empty %s · BIRD-EX %s%s%n",
                        pct(overall.getAccuracy()),
                        pct(overall.getLenientAccuracy()),
                        pct(overall.getNonEmptyAccuracy()),
                        pct(overall.getBirdAccuracy()),
                        overall.getSoftF1() == null
                                ? ""
                                : " · Soft-F1 " + pct(overall.getSoftF1())));
    }

    private static void suite(StringBuilder sb, Counts c) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  suite      EX on the exam databases %s → with the test suites %s: %d of %d checked overturned "
                                + "(suite_mismatch; %d of them suite_error)%s%n",
                        pct(c.getExamDbAccuracy()),
                        pct(c.getAccuracy()),
                        c.getSuiteOverturned(),
                        c.getSuiteChecked(),
                        c.getSuiteErrors(),
                        c.getSuiteUnchecked() == 0
                                ? ""
                                : "; "
                                        + c.getSuiteUnchecked()
                                        + " suite_unchecked (no suite database where their gold is defined: the exam database's verdict stands)"));
    }

    private static void paired(StringBuilder sb, List<PairedComparison> comparisons) {
        if (comparisons == null || comparisons.isEmpty()) return;
        sb.append("\npaired comparisons (same questions; infrastructure failures left out)\n");
        for (PairedComparison c : comparisons) VariantStatistics.render(sb, c);
    }

    /**
     * The first {@code limit} questions the variants disagree on, with each variant's verdict and
     * SQL.
     */
    public static String disagreements(List<Disagreement> all, int limit) {
        if (all.isEmpty()) return "";
        StringBuilder sb = new StringBuilder();
        sb.append(
                String.format(
                        Locale.ROOT,
                        "%ndisagreements: %d question(s) (earliest run); the first %d:%n",
                        all.size(),
                        Math.min(limit, all.size())));
        for (Disagreement d : all.subList(0, Math.min(limit, all.size()))) {
            sb.append("  ")
                    .append(d.db())
                    .append('/')
                    .append(d.questionId())
                    .append(
                            d.difficulty() == null || d.difficulty().equals("(none)")
                                    ? ""
                                    : " [" + d.difficulty() + "]")
                    .append('\n');
            d.variants()
                    .forEach(
                            (variant, detail) ->
                                    sb.append(
                                            String.format(
                                                    Locale.ROOT,
                                                    "    %-14s %-5s %-22s %s%n",
                                                    column(variant),
                                                    detail.correct() ? "right" : "wrong",
                                                    truncate(
                                                            detail.reason()
                                                                    + (detail.failedStage() == null
                                                                            ? ""
                                                                            : "@"
                                                                                    + detail
                                                                                            .failedStage())),
                                                    oneLine(detail.predSql()))));
        }
        return sb.toString();
    }

    private static String oneLine(String sql) {
        if (sql == null) return "(no SQL)";
        String s = sql.replaceAll("\\s+", " ").trim();
        return s.length() <= 110 ? s : s.substring(0, 109) + "…";
    }

    static String column(String variant) {
        return variant.length() <= 14 ? variant : variant.substring(0, 13) + "…";
    }

    private static void section(StringBuilder sb, String scope, Map<String, Counts> groups) {
        if (groups.size() == 1 && groups.containsKey("(none)")) return;
        groups.forEach((value, counts) -> row(sb, scope, value, counts));
    }

    private static void row(StringBuilder sb, String scope, String value, Counts c) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-11s %-22s %9d %8d %9s %9s %8d%n",
                        scope,
                        truncate(value),
                        c.getTotal(),
                        c.getCorrect(),
                        pct(c.getAccuracy()),
                        pct(c.getLenientAccuracy()),
                        c.getExcluded()));
    }

    static String truncate(String s) {
        return s.length() <= 22 ? s : s.substring(0, 21) + "…";
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
