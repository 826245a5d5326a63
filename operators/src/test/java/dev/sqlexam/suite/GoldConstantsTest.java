package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class GoldConstantsTest {

    private static GoldConstants of(String... golds) {
        return GoldConstants.of(List.of(golds));
    }

    @Test
    void constantsAreGatheredByColumnNameInLowerCaseAcrossTablesAndGolds() {
        GoldConstants c =
                of(
                        "SELECT * FROM orders o WHERE o.Status = 'shipped' AND o.total > 100",
                        "SELECT * FROM returns WHERE \"STATUS\" = 'lost'");
        assertThat(c.forColumn("status")).containsExactly("shipped", "lost");
        assertThat(c.forColumn("STATUS")).containsExactly("shipped", "lost");
        assertThat(c.forColumn("total")).containsExactly("100");
        assertThat(c.forColumn("region")).isEmpty();
        assertThat(c.size()).isEqualTo(3);
    }

    @Test
    void constantsAreReadOnEitherSideSignedEscapedAndThroughCasts() {
        GoldConstants c =
                of(
                        "SELECT 1 FROM t WHERE 100 < total AND balance >= -5 AND rate = 2.5 AND name = 'O''Brien' "
                                + "AND CAST(created AS date) = '2024-01-31' AND LOWER(city) = 'rome' AND code = CAST('A1' AS text)");
        assertThat(c.forColumn("total")).containsExactly("100");
        assertThat(c.forColumn("balance")).containsExactly("-5");
        assertThat(c.forColumn("rate")).containsExactly("2.5");
        assertThat(c.forColumn("name")).containsExactly("O'Brien");
        assertThat(c.forColumn("created")).containsExactly("2024-01-31");
        assertThat(c.forColumn("city")).containsExactly("rome");
        assertThat(c.forColumn("code")).containsExactly("A1");
    }

    @Test
    void likePatternsGiveTheirFixedPartsAndFilledWildcards() {
        assertThat(of("SELECT 1 FROM t WHERE name LIKE 'Ac%'").forColumn("name"))
                .containsExactly("Ac", "Acx");
        assertThat(of("SELECT 1 FROM t WHERE name LIKE 'a_c%'").forColumn("name"))
                .containsExactly("axc", "aycx", "a c");
    }

    @Test
    void aConditionOnTwoColumnsOrAnUnreadableGoldGivesNoConstant() {
        assertThat(of("SELECT 1 FROM t WHERE COALESCE(a, b) = 5").size()).isZero();
        assertThat(
                        of("SELECT 1 FROM t WHERE total > (SELECT avg(total) FROM t)")
                                .forColumn("total"))
                .isEmpty();
        assertThat(of("SELEKT nothing WHERE x = 1").size()).isZero();
    }

    @Test
    void aGoldsAndedConstantsFormAGroupAndEachFurtherConstantOfAColumnAnotherWithTheOthersKept() {
        assertThat(of("SELECT 1 FROM t WHERE status = 'open' AND total > 100").groups())
                .containsExactly(Map.of("status", "open", "total", "100"));
        assertThat(of("SELECT 1 FROM t WHERE a IN (2, 3) AND b BETWEEN 10 AND 20").groups())
                .containsExactly(
                        Map.of("a", "2", "b", "10"),
                        Map.of("a", "3", "b", "10"),
                        Map.of("a", "2", "b", "20"));
        // both ends of a date range, each with the gold's other condition
        assertThat(
                        of("SELECT count(*) FROM o WHERE s = 'done' AND d >= DATE '2025-01-01' AND d < DATE '2026-01-01'")
                                .groups())
                .containsExactly(
                        Map.of("s", "done", "d", "2025-01-01"),
                        Map.of("s", "done", "d", "2026-01-01"));
        // JOIN ON conditions are ANDed with the WHERE's
        assertThat(
                        of("SELECT 1 FROM a JOIN b ON b.id = a.b_id AND b.kind = 'x' WHERE a.total > 5")
                                .groups())
                .containsExactly(Map.of("kind", "x", "total", "5"));
    }

    @Test
    void constantsUnderOrOrNotJoinNoGroupAndASingleConstantIsAGroupOfItsOwn() {
        // a group of one gets no row of its own (the constant cycle has it) but a far row: its
        // other columns at their edges
        assertThat(of("SELECT 1 FROM t WHERE status = 'open'").groups())
                .containsExactly(Map.of("status", "open"));
        assertThat(of("SELECT 1 FROM t WHERE status = 'open' OR total > 100").groups()).isEmpty();
        assertThat(
                        of("SELECT 1 FROM t WHERE region = 'EU' AND (status = 'open' OR total > 5)")
                                .groups())
                .containsExactly(Map.of("region", "EU"));
        assertThat(
                        of("SELECT 1 FROM t WHERE region = 'EU' AND NOT (status = 'open') AND total > 5")
                                .groups())
                .containsExactly(Map.of("region", "EU", "total", "5"));
        assertThat(
                        of("SELECT 1 FROM t WHERE a = 1 AND b = 2", "SELECT 1 FROM t WHERE c = 3")
                                .groups())
                .containsExactly(Map.of("a", "1", "b", "2"), Map.of("c", "3"));
    }

    @Test
    void pairsAreColumnsOfDifferentNamesComparedWithEachOther() {
        GoldConstants c =
                of(
                        "SELECT 1 FROM s WHERE s.Ship_Date > s.order_date AND s.total > 10",
                        "SELECT 1 FROM o JOIN p ON o.price = p.price JOIN c ON o.customer_id = c.id WHERE LOWER(c.name) = LOWER(o.alias)",
                        "SELECT 1 FROM s WHERE ship_date > order_date");
        assertThat(c.pairs())
                .containsExactlyInAnyOrder(
                        List.of("ship_date", "order_date"),
                        List.of("customer_id", "id"),
                        List.of("name", "alias"));
    }

    @Test
    void isNullJoinsItsGroupAsANullButIsNoConstantOfTheColumn() {
        GoldConstants c =
                of(
                        "SELECT 1 FROM m WHERE due < DATE '2025-07-01' AND done_on IS NULL AND note IS NOT NULL");
        assertThat(c.groups())
                .containsExactly(
                        java.util.Collections.unmodifiableMap(
                                new java.util.LinkedHashMap<>(
                                        Map.of(
                                                "due",
                                                "2025-07-01",
                                                "done_on",
                                                GoldConstants.NULL))));
        assertThat(c.forColumn("done_on")).isEmpty();
        assertThat(c.forColumn("note")).isEmpty();
    }

    @Test
    void coalesceFallbacksAndCaseConditionsGiveConstantsToo() {
        GoldConstants c =
                of(
                        "SELECT COALESCE(specialty, 'general'), CASE WHEN born >= DATE '2006-01-01' THEN 'child' ELSE 'adult' END FROM d");
        assertThat(c.forColumn("specialty")).containsExactly("general");
        assertThat(c.forColumn("born")).containsExactly("2006-01-01");
        assertThat(c.groups()).isEmpty();
    }

    @Test
    void countsAreTheNumbersACountIsComparedWith() {
        GoldConstants c =
                of(
                        "SELECT d FROM e GROUP BY d HAVING COUNT(*) > 150",
                        "SELECT m FROM e GROUP BY m HAVING 3 <= COUNT(DISTINCT x) AND SUM(y) > 7");
        assertThat(c.counts()).containsExactly(3, 150);
        GoldConstants where =
                of(
                        "SELECT d FROM e WHERE left_on IS NULL AND kind = 'x' GROUP BY d HAVING COUNT(*) > 150");
        assertThat(where.countGroup(150))
                .containsEntry("left_on", GoldConstants.NULL)
                .containsEntry("kind", "x");
        assertThat(where.countGroup(151)).isEqualTo(where.countGroup(150));
        assertThat(where.countGroup(20)).isEmpty();
    }
}
