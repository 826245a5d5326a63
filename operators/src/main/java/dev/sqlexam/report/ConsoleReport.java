package dev.sqlexam.report;

import java.util.Locale;
import java.util.Map;

/** The summary as the console table a user reads at the end of a run. */
public final class ConsoleReport {

    private ConsoleReport() {}

    public static String render(ExamSummary summary) {
        StringBuilder sb = new StringBuilder();
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
        for (ExamSummary.VariantSummary v : summary.variants()) {
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
            VariantStatistics.render(sb, v);
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
            sb.append("  reasons    ");
            v.reasons()
                    .forEach((reason, n) -> sb.append(reason).append(' ').append(n).append("  "));
            sb.append('\n');
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  match_empty %d (both results empty; counted correct, shown apart)%n",
                            v.overall().getMatchEmpty()));
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  EX         strict %s · lenient %s · non-empty %s · BIRD-EX %s%s%n",
                            pct(v.overall().getAccuracy()),
                            pct(v.overall().getLenientAccuracy()),
                            pct(v.overall().getNonEmptyAccuracy()),
                            pct(v.overall().getBirdAccuracy()),
                            v.overall().getSoftF1() == null
                                    ? ""
                                    : " · Soft-F1 " + pct(v.overall().getSoftF1())));
            if (v.overall().getSuiteChecked() != null) {
                Counts c = v.overall();
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
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "  latency    p50 %d ms  p95 %d ms  max %d ms; execution p50: gold %d ms, prediction %d ms%n",
                            v.latencyP50Ms(),
                            v.latencyP95Ms(),
                            v.latencyMaxMs(),
                            v.goldExecP50Ms(),
                            v.predExecP50Ms()));
            funnel(sb, v.funnel());
            retrieval(sb, v.retrieval());
        }
        if (summary.variants().size() > 1) sideBySide(sb, summary.variants());
        paired(sb, summary.comparisons());
        return sb.toString();
    }

    /** One column per variant (an A/B exam, or one predictions file each in a grade run). */
    static void sideBySide(StringBuilder sb, java.util.List<ExamSummary.VariantSummary> variants) {
        sb.append("\nside by side\n");
        sb.append(String.format(Locale.ROOT, "  %-26s", "metric"));
        for (ExamSummary.VariantSummary v : variants)
            sb.append(String.format(Locale.ROOT, " %14s", column(v.variant())));
        sb.append('\n');
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
        if (variants.stream().anyMatch(v -> v.overall().getSuiteChecked() != null)) {
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
        java.util.Set<String> reasons = new java.util.TreeSet<>();
        variants.forEach(v -> reasons.addAll(v.reasons().keySet()));
        for (String r : reasons)
            metric(sb, "  " + r, variants, v -> Long.toString(v.reasons().getOrDefault(r, 0L)));
        java.util.Set<String> difficulties = new java.util.TreeSet<>();
        variants.forEach(v -> difficulties.addAll(v.byDifficulty().keySet()));
        if (!(difficulties.size() == 1 && difficulties.contains("(none)"))) {
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
        metric(sb, "gold exec p50 (ms)", variants, v -> Long.toString(v.goldExecP50Ms()));
        metric(sb, "prediction exec p50 (ms)", variants, v -> Long.toString(v.predExecP50Ms()));
    }

    private static void paired(StringBuilder sb, java.util.List<PairedComparison> comparisons) {
        if (comparisons == null || comparisons.isEmpty()) return;
        sb.append("\npaired comparisons (same questions; infrastructure failures left out)\n");
        for (PairedComparison c : comparisons) VariantStatistics.render(sb, c);
    }

    /**
     * The first {@code limit} questions the variants disagree on, with each variant's verdict and
     * SQL.
     */
    public static String disagreements(java.util.List<Disagreement> all, int limit) {
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

    private static void metric(
            StringBuilder sb,
            String name,
            java.util.List<ExamSummary.VariantSummary> variants,
            java.util.function.Function<ExamSummary.VariantSummary, String> value) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-26s",
                        name.length() > 26 ? name.substring(0, 25) + "…" : name));
        for (ExamSummary.VariantSummary v : variants)
            sb.append(String.format(Locale.ROOT, " %14s", value.apply(v)));
        sb.append('\n');
    }

    static String column(String variant) {
        return variant.length() <= 14 ? variant : variant.substring(0, 13) + "…";
    }

    private static void funnel(StringBuilder sb, Funnel f) {
        if (f == null || f.getQuestions() == 0) return;
        // a grade run has neither retrieval nor candidates: no funnel, only the failure categories
        if (f.getWithGoldTables() > 0 || f.getWithCandidateGrades() > 0) {
            sb.append("  funnel     ");
            if (f.getWithGoldTables() > 0) {
                sb.append(
                        String.format(
                                Locale.ROOT,
                                "full retrieval recall %d/%d → ",
                                f.getFullRecall(),
                                f.getWithGoldTables()));
            }
            if (f.getWithCandidateGrades() > 0) {
                sb.append(
                        String.format(
                                Locale.ROOT,
                                "≥1 correct candidate (pass@K) %d → correct one selected %d → ",
                                f.getPassAtK(),
                                f.getSelectedCorrect()));
            }
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "correct after repair %d  (of %d gradable)%n",
                            f.getFinalCorrect(),
                            f.getQuestions()));
        }
        if (!f.getFailureTypes().isEmpty()) {
            sb.append("  failures   ");
            f.getFailureTypes().forEach((k, n) -> sb.append(k).append(' ').append(n).append("  "));
            sb.append('\n');
        }
    }

    private static void retrieval(StringBuilder sb, RetrievalStats r) {
        if (r == null || r.getV1().getQuestions() == 0) return;
        sb.append("\n  retrieval (tables vs gold_tables; macro averages)  strategies ")
                .append(r.getStrategies())
                .append("  routing ")
                .append(r.getRouteMethods())
                .append('\n');
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-11s %-22s %4s %9s %9s %9s %9s %7s%n",
                        "scope",
                        "value",
                        "ret",
                        "precision",
                        "recall",
                        "F1",
                        "full rec",
                        "tables"));
        tally(sb, "overall", "all", "v1", r.getV1());
        tally(sb, "overall", "all", "v2", r.getV2());
        r.getByDifficulty()
                .forEach(
                        (k, p) -> {
                            tally(sb, "difficulty", k, "v1", p[0]);
                            tally(sb, "difficulty", k, "v2", p[1]);
                        });
        r.getByModule()
                .forEach(
                        (k, p) -> {
                            tally(sb, "module", k, "v1", p[0]);
                            tally(sb, "module", k, "v2", p[1]);
                        });
    }

    private static void tally(
            StringBuilder sb, String scope, String value, String retriever, RetrievalTally t) {
        if (t.getQuestions() == 0) return;
        sb.append(
                String.format(
                        Locale.ROOT,
                        "  %-11s %-22s %4s %9.3f %9.3f %9.3f %8.1f%% %7.2f%n",
                        scope,
                        truncate(value),
                        retriever,
                        t.getPrecision(),
                        t.getRecall(),
                        t.getF1(),
                        100 * t.getFullRecallRate(),
                        t.getAvgTables()));
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
