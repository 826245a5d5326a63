package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class NeighboursTest {

    private static List<String> mutations(String sql) {
        return Neighbours.of(sql, 100).stream().map(Neighbours.Neighbour::mutation).toList();
    }

    @Test
    void eachKindOfSingleMutationIsMade() {
        String sql =
                "SELECT DISTINCT c.name, COUNT(DISTINCT o.id) FROM customers c JOIN orders o ON o.customer_id = c.id "
                        + "WHERE o.total >= 100 AND c.country = 'Italy' GROUP BY c.name ORDER BY 2 DESC, c.name LIMIT 5";
        assertThat(mutations(sql))
                .contains(
                        "drop DISTINCT",
                        "inner join → left join",
                        "reverse ORDER BY key 1",
                        "drop the last ORDER BY key",
                        "LIMIT + 1",
                        "LIMIT - 1",
                        "drop LIMIT",
                        "COUNT(DISTINCT x) → COUNT(x)",
                        "drop a condition",
                        "comparison >= → >",
                        "perturb a literal");
        assertThat(Neighbours.of(sql, 100)).allSatisfy(n -> assertThat(n.sql()).isNotEqualTo(sql));
        assertThat(
                        Neighbours.of(sql, 100).stream()
                                .map(Neighbours.Neighbour::sql)
                                .distinct()
                                .count())
                .isEqualTo(Neighbours.of(sql, 100).size());
    }

    @Test
    void conditionsUnderOrAreNotDroppedAndUnreadableSqlHasNoNeighbours() {
        assertThat(Neighbours.of("SELECT 1 FROM t WHERE a = 1 OR b = 2", 100))
                .noneMatch(n -> n.mutation().equals("drop a condition"));
        assertThat(Neighbours.of("SELEKT nonsense", 100)).isEmpty();
    }

    @Test
    void goldConstantsAreFoundThroughCastsFunctionsInListsAndLikePatterns() {
        GoldConstants c =
                GoldConstants.of(
                        List.of(
                                "SELECT * FROM t WHERE status IN ('open', 'held') AND EXTRACT(YEAR FROM t.created) = 2024 "
                                        + "AND total BETWEEN 10 AND 20 AND name LIKE 'Ac%' AND d >= DATE '2025-01-01'"));
        assertThat(c.forColumn("status")).contains("open", "held");
        assertThat(c.forColumn("created")).contains("2024");
        assertThat(c.forColumn("total")).contains("10", "20");
        assertThat(c.forColumn("name")).contains("Ac");
        assertThat(c.forColumn("d")).contains("2025-01-01");
        // as pg_get_viewdef prints a view's condition
        assertThat(
                        GoldConstants.of(
                                        List.of(
                                                " SELECT orders.order_id FROM sales.orders WHERE ((orders.total)::numeric > (500)::numeric);"))
                                .forColumn("total"))
                .contains("500");
    }
}
