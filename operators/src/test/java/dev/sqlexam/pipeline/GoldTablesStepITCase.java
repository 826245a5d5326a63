package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gold tables step (docs/formats.md): a line without gold_tables gets the relations of its
 * gold's plan, as the read-only role plans it; the expected lists are erp.jsonl's own gold_tables.
 */
class GoldTablesStepITCase {

    private static GoldTablesStep goldTables;

    @BeforeAll
    static void open() {
        ExecutionSpec execution = ErpFixture.config(Map.of()).execution();
        goldTables = new GoldTablesStep(execution.reader(), execution.connections());
    }

    @AfterAll
    static void close() {
        goldTables.close();
    }

    private static ExamQuestion derived(String gold) {
        ExamQuestion q = goldTables.apply(erp("q", "?", gold, List.of()));
        assertThat(q.goldTablesError()).isNull();
        return q;
    }

    @Test
    void aGoldThatWritesIsLeftToGradingAsTheExamSetsErrorNotMarkedAnInfraFailure() {
        ExamQuestion q =
                goldTables.apply(erp("q", "?", "DELETE FROM employees WHERE false", List.of()));

        assertThat(q.goldTablesError()).isNull();
        assertThat(q.goldTables()).isEmpty();
    }

    @Test
    void aGoldAskedAgainUnderAnotherIdGetsTheSameTablesAndItsOwnIdentity() {
        String gold =
                "SELECT p.title, COUNT(*) FROM employees e JOIN positions p ON p.position_id ="
                        + " e.position_id GROUP BY p.title";
        ExamQuestion first = derived(gold);
        ExamQuestion again = goldTables.apply(erp("q-again", "? again", gold, List.of()));

        assertThat(again.goldTables())
                .isEqualTo(first.goldTables())
                .containsExactlyInAnyOrder("employees", "positions");
        assertThat(again.id()).isEqualTo("q-again");
        assertThat(again.question()).isEqualTo("? again");
    }

    @Test
    void aCommentAfterTheGoldsLastSemicolonIsNoSecondStatement() {
        assertThat(derived("SELECT COUNT(*) FROM departments; -- 30 of them").goldTables())
                .containsExactly("departments");
    }

    @Test
    void aJoinReadsBothItsTables() {
        // erp-sal-011
        ExamQuestion q =
                derived(
                        "SELECT e.first_name, e.last_name, COUNT(*) AS orders FROM sales_orders so"
                                + " JOIN employees e ON e.employee_id = so.sales_rep_id WHERE"
                                + " so.order_date >= DATE '2025-01-01' AND so.order_date < DATE"
                                + " '2026-01-01' GROUP BY e.employee_id, e.first_name,"
                                + " e.last_name");

        assertThat(q.goldTables()).containsExactlyInAnyOrder("employees", "sales_orders");
    }

    @Test
    void aSelfJoinNamesItsTableOnce() {
        // erp-hr-015: employees twice (the employee and the CEO), positions once
        ExamQuestion q =
                derived(
                        "SELECT e.first_name, e.last_name FROM employees e JOIN employees ceo ON"
                                + " ceo.employee_id = e.manager_id JOIN positions p ON"
                                + " p.position_id = ceo.position_id WHERE p.title = 'Chief"
                                + " Executive Officer'");

        assertThat(q.goldTables()).containsExactlyInAnyOrder("employees", "positions");
    }

    @Test
    void aTableReadOnlyInASubqueryCounts() {
        // erp-sal-016
        ExamQuestion q =
                derived(
                        "SELECT COUNT(*) FROM customers c WHERE NOT EXISTS (SELECT 1 FROM"
                                + " sales_orders so WHERE so.customer_id = c.customer_id)");

        assertThat(q.goldTables()).containsExactlyInAnyOrder("customers", "sales_orders");
    }

    @Test
    void aSetReturningFunctionIsNotATable() {
        // erp-hr-029: generate_series is joined, only employees is read
        ExamQuestion q =
                derived(
                        "SELECT y AS year_end, COUNT(e.employee_id) AS headcount FROM"
                                + " generate_series(2022, 2025) AS y JOIN employees e ON e.hire_date"
                                + " <= make_date(y, 12, 31) AND (e.termination_date IS NULL OR"
                                + " e.termination_date > make_date(y, 12, 31)) GROUP BY y ORDER BY"
                                + " y");

        assertThat(q.goldTables()).containsExactly("employees");
    }

    @Test
    void aTableOutsidePublicIsSchemaQualified() {
        ExamQuestion q = derived("SELECT nspname FROM pg_catalog.pg_namespace");

        assertThat(q.goldTables()).containsExactly("pg_catalog.pg_namespace");
    }

    @Test
    void theExamSetsOwnGoldTablesAreKept() {
        ExamQuestion given =
                erp(
                        "q",
                        "?",
                        "SELECT COUNT(*) FROM employees",
                        List.of("employees", "departments"));

        assertThat(goldTables.apply(given)).isSameAs(given);
    }

    @Test
    void aGoldTheServerCannotPlanKeepsAnEmptyListForGradingToReport() {
        // docs/erp-database.md: there is no salary column on employees
        ExamQuestion q = goldTables.apply(erp("q", "?", "SELECT salary FROM employees", List.of()));

        assertThat(q.goldTables()).isEmpty();
        assertThat(q.goldTablesError()).as("the gold's own error, not the harness's").isNull();
    }

    @Test
    void aQuestionWithoutGoldIsLeftAlone() {
        ExamQuestion noGold = erp("q", "How many employees?", null, List.of());

        assertThat(goldTables.apply(noGold)).isSameAs(noGold);
    }

    @Test
    void aMissingDatabaseMarksTheQuestionWithTheLookupsFailure() {
        ExamQuestion q =
                goldTables.apply(
                        ErpFixture.on(
                                "no_such_database_here",
                                "q",
                                "?",
                                "SELECT COUNT(*) FROM employees",
                                List.of()));

        assertThat(q.goldTables()).isEmpty();
        assertThat(q.goldTablesError())
                .startsWith("gold_tables lookup failed on no_such_database_here")
                .contains("3D000");
    }
}
