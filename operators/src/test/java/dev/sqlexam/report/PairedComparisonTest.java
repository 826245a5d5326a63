package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PairedComparisonTest {

    @Test
    void mcNemarExactByHand() {
        assertThat(PairedComparison.mcNemarExact(0, 5))
                .as("2 × 0.5^5")
                .isCloseTo(0.0625, within(1e-12));
        assertThat(PairedComparison.mcNemarExact(1, 9))
                .as("2 × (1 + 10) / 1024")
                .isCloseTo(22.0 / 1024, within(1e-12));
        assertThat(PairedComparison.mcNemarExact(3, 3)).as("capped at 1").isEqualTo(1.0);
        assertThat(PairedComparison.mcNemarExact(0, 0)).isEqualTo(1.0);
        assertThat(PairedComparison.mcNemarExact(4_000, 4_400))
                .as("large counts stay finite")
                .isBetween(0.0, 0.01);
    }

    @Test
    void questionsArePairedByIdAndOnlyWhenBothGradedThem() {
        QuestionOutcomes outcomes = new QuestionOutcomes();
        Map<String, Boolean> a =
                Map.of("q1", true, "q2", true, "q3", false, "q4", false, "q5", true);
        Map<String, Boolean> b = Map.of("q1", true, "q2", false, "q3", true, "q4", false);
        a.forEach((id, ok) -> outcomes.add(Records.graded("a", 1, "db", id, ok)));
        b.forEach((id, ok) -> outcomes.add(Records.graded("b", 1, "db", id, ok)));
        outcomes.add(Records.infraFailure("b", 1, "db", "q5"));
        PairedComparison c = outcomes.compare("a", "b");
        assertThat(c.paired()).as("q5 failed for the harness under b: not paired").isEqualTo(4);
        assertThat(c.bothCorrect()).isEqualTo(1);
        assertThat(c.onlyA()).isEqualTo(1);
        assertThat(c.onlyB()).isEqualTo(1);
        assertThat(c.bothWrong()).isEqualTo(1);
        assertThat(c.difference()).isZero();
        assertThat(c.verdict()).startsWith("no significant difference").contains("spans 0");
    }

    @Test
    void aClearImprovementIsCalledBetterAndItsIntervalExcludesZero() {
        QuestionOutcomes outcomes = new QuestionOutcomes();
        for (int i = 0; i < 60; i++) {
            outcomes.add(Records.graded("a", 1, "db", "q" + i, i < 20));
            outcomes.add(Records.graded("b", 1, "db", "q" + i, i < 40));
        }
        PairedComparison c = outcomes.compare("a", "b");
        assertThat(c.onlyB()).isEqualTo(20);
        assertThat(c.onlyA()).isZero();
        assertThat(c.pValue()).as("2 × 0.5^20").isCloseTo(2 * Math.pow(0.5, 20), within(1e-15));
        assertThat(c.difference()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(c.ciLow()).isGreaterThan(0);
        assertThat(c.verdict()).startsWith("b is better than a");
        assertThat(outcomes.disagreements(java.util.List.of("a", "b")))
                .hasSize(20)
                .allSatisfy(d -> assertThat(d.variants().keySet()).containsExactly("a", "b"));
    }

    @Test
    void theSummarysComparisonsAreEveryPairInVariantOrderWithTheFiguresOfOneAtATime() {
        // six variants over three databases and two difficulties: 15 pairs, each bootstrapped
        java.util.List<ExamRecord> records = new java.util.ArrayList<>();
        for (int v = 0; v < 6; v++) {
            for (int q = 0; q < 90; q++) {
                boolean correct = (q * 7 + v * 13) % 10 < 3 + v;
                records.add(
                        Records.graded(
                                "v" + v,
                                1,
                                "db" + q % 3,
                                "q" + q,
                                correct,
                                q % 2 == 0 ? "easy" : "hard"));
            }
        }
        SummaryAccumulator accumulator = SummaryAccumulator.of(records);
        ExamSummary summary =
                ExamSummary.of(
                        accumulator,
                        new ExamSummary.Context(
                                "r",
                                "set",
                                new ExamSummary.Authors("g", "why", false),
                                0,
                                0,
                                ExamSummary.CacheCounts.NONE,
                                java.util.List.of(),
                                null));
        java.util.List<PairedComparison> oneAtATime = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++)
            for (int j = i + 1; j < 6; j++)
                oneAtATime.add(accumulator.outcomes().compare("v" + i, "v" + j));
        assertThat(summary.comparisons()).hasSize(15).containsExactlyElementsOf(oneAtATime);
        assertThat(summary.comparisons().get(14).byDifficulty()).containsOnlyKeys("easy", "hard");
        // the records name no module: one group, so no comparison per module
        assertThat(summary.comparisons().get(14).byModule()).isEmpty();
    }
}
