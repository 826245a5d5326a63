package dev.sqlexam.report;

import java.util.Map;

/**
 * A question the variants' verdicts differ on: each variant's SQL, reason, failed stage and
 * retrieval recall (earliest run).
 */
public record Disagreement(
        String questionId,
        String db,
        String difficulty,
        String module,
        Map<String, QuestionOutcomes.Detail> variants) {}
