package dev.sqlexam.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The headline metrics of one run of one variant, the values whose mean ± std and min–max the
 * summary gives.
 */
final class RunMetrics {

    static final String STRICT = "strict_ex";

    private RunMetrics() {}

    static Map<String, Double> of(RunStats run, ExamSummary.VariantInfo about) {
        Map<String, Double> m = new LinkedHashMap<>();
        Counts c = run.overall();
        m.put(STRICT, c.getAccuracy());
        m.put("lenient_ex", c.getLenientAccuracy());
        m.put("non_empty_ex", c.getNonEmptyAccuracy());
        m.put("bird_ex", c.getBirdAccuracy());
        if (c.getSoftF1() != null) m.put("soft_f1", c.getSoftF1());
        if (c.getExamDbAccuracy() != null) {
            m.put("exam_db_ex", c.getExamDbAccuracy());
            m.put("suite_overturned", c.getSuiteOverturned().doubleValue());
            m.put("suite_unchecked", c.getSuiteUnchecked().doubleValue());
        }
        RetrievalTally used = usedRetriever(run.retrieval());
        m.put("retrieval_precision", used.getPrecision());
        m.put("retrieval_recall", used.getRecall());
        m.put("retrieval_f1", used.getF1());
        m.put("retrieval_full_recall", used.getFullRecallRate());
        Funnel f = run.funnel();
        m.put("pass_at_k", ratio(f.getPassAtK(), f.getWithCandidateGrades()));
        m.put("selection", ratio(f.getSelectedCorrect(), f.getPassAtK()));
        m.put(
                "repair_yield",
                ratio(f.getFinalCorrect() - f.getSelectedCorrect(), f.getQuestions()));
        m.put("latency_p50_ms", (double) run.latencyQuantile(0.5));
        m.put("latency_p95_ms", (double) run.latencyQuantile(0.95));
        m.put("prompt_tokens", (double) run.promptTokens());
        m.put("completion_tokens", (double) run.completionTokens());
        double priced =
                run.promptTokens() / 1000.0 * about.per1kPrompt()
                        + run.completionTokens() / 1000.0 * about.per1kCompletion();
        m.put("cost", priced + run.reportedCost());
        m.put("cost_per_question", ratio(priced + run.reportedCost(), c.getTotal()));
        return m;
    }

    /** The retriever whose packet the run used (V2 when most questions were retrieved with it). */
    private static RetrievalTally usedRetriever(RetrievalStats r) {
        long v2 = r.getStrategies().getOrDefault("rag_v2", 0L);
        long v1 = r.getStrategies().getOrDefault("rag_v1", 0L);
        return v2 > v1 ? r.getV2() : r.getV1();
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : a / b;
    }
}
