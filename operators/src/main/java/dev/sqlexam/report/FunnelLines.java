package dev.sqlexam.report;

import java.util.Locale;

/** A variant's funnel, failure categories and retrieval table in the console report. */
final class FunnelLines {

    private FunnelLines() {}

    static void funnel(StringBuilder sb, Funnel f) {
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

    static void retrieval(StringBuilder sb, RetrievalStats r) {
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
                        ConsoleReport.truncate(value),
                        retriever,
                        t.getPrecision(),
                        t.getRecall(),
                        t.getF1(),
                        100 * t.getFullRecallRate(),
                        t.getAvgTables()));
    }
}
