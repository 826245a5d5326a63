package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SuiteBuilderTest {

    @Test
    void aMutationsKindDropsTheNumbersAndOperatorsThatTellItsInstancesApart() {
        assertThat(SuiteBuilder.kindOf("comparison > → >=")).isEqualTo("comparison");
        assertThat(SuiteBuilder.kindOf("comparison = → <>")).isEqualTo("comparison");
        assertThat(SuiteBuilder.kindOf("LIMIT + 1")).isEqualTo("LIMIT");
        assertThat(SuiteBuilder.kindOf("LIMIT - 1")).isEqualTo("LIMIT");
        assertThat(SuiteBuilder.kindOf("literal 5 → 6")).isEqualTo("literal");
        assertThat(SuiteBuilder.kindOf("reverse ORDER BY key 2")).isEqualTo("reverse ORDER BY key");
        assertThat(SuiteBuilder.kindOf("reverse ORDER BY key 12"))
                .isEqualTo("reverse ORDER BY key");
    }

    @Test
    void otherKindsAreTheMutationItself() {
        assertThat(SuiteBuilder.kindOf("drop LIMIT")).isEqualTo("drop LIMIT");
        assertThat(SuiteBuilder.kindOf("COUNT(x) → COUNT(DISTINCT x)"))
                .isEqualTo("COUNT(x) → COUNT(DISTINCT x)");
        assertThat(SuiteBuilder.kindOf("MAX → MIN")).isEqualTo("MAX → MIN");
        assertThat(SuiteBuilder.kindOf("inner join → left join"))
                .isEqualTo("inner join → left join");
        assertThat(SuiteBuilder.kindOf("drop a condition")).isEqualTo("drop a condition");
    }

    @Test
    void theNeighboursOfAGoldFallIntoFewerKindsThanMutations() {
        String gold =
                "SELECT c.name, COUNT(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.total >= 100 AND o.qty < 5 "
                        + "GROUP BY c.name ORDER BY 2 DESC, c.name LIMIT 5";
        var mutations =
                Neighbours.of(gold, 100).stream().map(Neighbours.Neighbour::mutation).toList();
        var kinds = mutations.stream().map(SuiteBuilder::kindOf).distinct().toList();
        assertThat(kinds)
                .contains("comparison", "LIMIT", "reverse ORDER BY key", "drop a condition")
                .doesNotHaveDuplicates()
                .noneMatch(k -> k.matches(".*\\d$") || k.startsWith("comparison "));
        assertThat(kinds.size()).isLessThan(mutations.stream().distinct().toList().size());
    }

    @Test
    void goldsTheParserCannotReadAreNamedInTheSuitesNotesNotDroppedSilently() {
        assertThat(
                        SuiteBuilder.unreadableGolds(
                                java.util.List.of("SELECT 1", "SELECT a FROM t WHERE b > 2")))
                .isEmpty();
        assertThat(
                        SuiteBuilder.unreadableGolds(
                                java.util.List.of("SELECT 1", "SELEKT nothing FROM")))
                .singleElement()
                .satisfies(
                        note ->
                                assertThat(note)
                                        .startsWith("1 gold(s) the SQL parser cannot read"));
        assertThat(Neighbours.of("SELEKT nothing FROM", 10)).isEmpty();
        assertThat(Neighbours.unreadable("SELEKT nothing FROM")).isNotBlank();
    }
}
