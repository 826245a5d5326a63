package dev.sqlexam.evaluation;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class QuestionAgreementTest {

    private static double penalty(String question, String sql, String... pool) {
        List<String> all = new java.util.ArrayList<>(List.of(pool));
        all.add(sql);
        return QuestionAgreement.penalty(question, sql, QuestionAgreement.pool(question, all));
    }

    @Test
    void aValueTheQuestionNamesMustStayInTheSql() {
        String q = "How many customers are distributors in region 7?";
        String gold =
                "SELECT COUNT(*) FROM customers WHERE customer_type = 'distributor' AND region_id = 7";
        assertThat(QuestionAgreement.questionValues(q, List.of(gold))).containsExactly("7");
        String withValue =
                "SELECT COUNT(*) FROM customers WHERE customer_type = 'distributors' AND region_id = 7";
        assertThat(QuestionAgreement.questionValues(q, List.of(withValue)))
                .containsExactlyInAnyOrder("distributors", "7");
        assertThat(
                        penalty(
                                q,
                                "SELECT COUNT(*) FROM customers WHERE customer_type = 'distributors'",
                                withValue))
                .as("3 for the lost 7, 2 for the question term 'region' the other candidate covers")
                .isEqualTo(-5);
        assertThat(
                        penalty(
                                "Which ten products sold most?",
                                "SELECT p FROM t ORDER BY s DESC LIMIT 11"))
                .as("ten is a number")
                .isEqualTo(-3);
    }

    @Test
    void fewerQuestionTermsThanTheBestCandidateCostTwoEach() {
        String q = "Which types of leave are unpaid?";
        String gold = "SELECT leave_name FROM leave_types WHERE NOT is_paid";
        assertThat(QuestionAgreement.coverage(q, gold)).isEqualTo(3);
        assertThat(penalty(q, "SELECT leave_name FROM leave_types", gold)).isEqualTo(-2);
        assertThat(penalty(q, gold, "SELECT leave_name FROM leave_types")).isZero();
    }

    @Test
    void stemsMeetAcrossWordForms() {
        assertThat(QuestionAgreement.stem("failed")).isEqualTo(QuestionAgreement.stem("fail"));
        assertThat(QuestionAgreement.stem("inspections"))
                .isEqualTo(QuestionAgreement.stem("inspection"));
        assertThat(QuestionAgreement.stem("unpaid")).isEqualTo("paid");
        assertThat(
                        QuestionAgreement.coverage(
                                "How many campaigns ran over e-mail?",
                                "SELECT COUNT(*) FROM campaigns WHERE channel = 'email'"))
                .as("campaigns and e-mail")
                .isEqualTo(2);
    }

    @Test
    void directionComparisonAndAggregateContradictions() {
        assertThat(
                        penalty(
                                "Which five products have the highest price?",
                                "SELECT name FROM p ORDER BY price ASC LIMIT 5"))
                .isEqualTo(-3);
        assertThat(
                        penalty(
                                "Which five products have the highest price?",
                                "SELECT name FROM p ORDER BY price DESC LIMIT 5"))
                .isZero();
        assertThat(
                        penalty(
                                "How many orders per year?",
                                "SELECT y, COUNT(*) FROM o GROUP BY y ORDER BY y DESC"))
                .as("no ranking asked: a descending list is the unusual reading")
                .isEqualTo(-2);
        assertThat(
                        penalty(
                                "Customers with at least 20 orders",
                                "SELECT c FROM o GROUP BY c HAVING COUNT(*) > 20"))
                .isEqualTo(-3);
        assertThat(
                        penalty(
                                "Customers with more than 20 orders",
                                "SELECT c FROM o GROUP BY c HAVING COUNT(*) > 20"))
                .isZero();
        assertThat(penalty("What is the average order value?", "SELECT SUM(v) FROM o"))
                .isEqualTo(-3);
        assertThat(
                        penalty(
                                "Which product sold the most units?",
                                "SELECT p, AVG(q) FROM l GROUP BY p ORDER BY 2 DESC LIMIT 1"))
                .as("AVG where no average was asked")
                .isEqualTo(-3);
        assertThat(penalty("What is the largest single order?", "SELECT MIN(total) FROM o"))
                .isEqualTo(-3);
    }

    @Test
    void periodRangesThatLoseADayOrStayOpen() {
        assertThat(
                        penalty(
                                "Revenue in 2025",
                                "SELECT SUM(a) FROM o WHERE d > DATE '2025-01-01' AND d < DATE '2026-01-01'"))
                .isEqualTo(-3);
        assertThat(penalty("Revenue in 2025", "SELECT SUM(a) FROM o WHERE d >= DATE '2025-01-01'"))
                .isEqualTo(-3);
        assertThat(
                        penalty(
                                "Revenue in 2025",
                                "SELECT SUM(a) FROM o WHERE d >= DATE '2025-01-01' AND d < DATE '2026-01-01'"))
                .isZero();
        assertThat(
                        penalty(
                                "Revenue since 2025",
                                "SELECT SUM(a) FROM o WHERE d >= DATE '2025-01-01'"))
                .isZero();
    }

    @Test
    void thePenaltyIsBoundedAtTen() {
        String q =
                "What is the average of the five highest amounts in 2024 for 'north' at least 3?";
        assertThat(
                        penalty(
                                q,
                                "SELECT SUM(a) FROM o ORDER BY a ASC",
                                "SELECT AVG(a) FROM o WHERE r = 'north' AND d >= '2024-01-01' AND d < '2025-01-01' AND n >= 3 ORDER BY a DESC LIMIT 5"))
                .isEqualTo(-10);
    }

    @Test
    void contradictionsInWordsForTheRepairPrompt() {
        assertThat(
                        QuestionAgreement.contradictions(
                                "Which five products have the highest price in 2024?",
                                "SELECT name FROM p WHERE d >= '2024-01-01' ORDER BY price ASC LIMIT 5"))
                .hasSize(2)
                .anySatisfy(c -> assertThat(c).contains("sort direction"))
                .anySatisfy(c -> assertThat(c).contains("both ends"));
        assertThat(
                        QuestionAgreement.contradictions(
                                "How many orders?", "SELECT COUNT(*) FROM orders"))
                .isEmpty();
    }

    @Test
    void questionValuesComeFromStringLiteralsNotFromCommentsOrIdentifiers() {
        String q = "How many orders did O'Brien place with distributors?";
        List<String> sqls =
                List.of(
                        "SELECT count(*) FROM orders WHERE customer = 'O''Brien' -- 'distributors' is a guess",
                        "SELECT count(*) FROM \"distributors\"");
        assertThat(QuestionAgreement.questionValues(q, sqls)).containsExactly("o brien");
    }
}
