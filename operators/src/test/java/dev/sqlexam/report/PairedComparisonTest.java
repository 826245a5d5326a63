package dev.sqlexam.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {

    @Test
    void mcNemarExactByHand() {
        assertThat(PairedComparison.mcNemarExact(0, 5)).as("2 × 0.5^5").isCloseTo(0.0625, within(1e-12));
        assertThat(PairedComparison.mcNemarExact(1, 9)).as("2 × (1 + 10) / 1024").isCloseTo(22.0 / 1024, within(1e-12));
        assertThat(PairedComparison.mcNemarExact(3, 3)).as("capped at 1").isEqualTo(1.0);
        assertThat(PairedComparison.mcNemarExact(0, 0)).isEqualTo(1.0);
        assertThat(PairedComparison.mcNemarExact(4_000, 4_400)).as("large counts stay finite").isBetween(0.0, 0.01);
    }

    @Test
    void questionsArePairedByIdAndOnlyWhenBothGradedThem() {
        Map<String, Boolean> a = Map.of("q1", true, "q2", true, "q3", false, "q4", false, "q5", true);
        Map<String, Boolean> b = Map.of("q1", true, "q2", false, "q3", true, "q4", false);
        PairedComparison c = PairedComparison.of("a", a, "b", b);
        assertThat(c.paired()).isEqualTo(4);
        assertThat(c.bothCorrect()).isEqualTo(1);
        assertThat(c.onlyA()).isEqualTo(1);
        assertThat(c.onlyB()).isEqualTo(1);
        assertThat(c.bothWrong()).isEqualTo(1);
        Map<String, Map<String, Boolean>> three = new LinkedHashMap<>();
        three.put("a", a);
        three.put("b", b);
        three.put("c", b);
        assertThat(PairedComparison.all(three)).extracting(p -> p.a() + "-" + p.b()).containsExactly("a-b", "a-c", "b-c");
    }
}
