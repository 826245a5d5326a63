package dev.sqlexam.evaluation;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class StructuralValidatorTest {

    private static final Set<String> TABLES = Set.of("employees", "departments");

    @Test
    void writesAndSeveralStatementsFailFast() {
        assertThat(StructuralValidator.validate("DROP TABLE employees", TABLES, 1000).blocked())
                .isTrue();
        assertThat(StructuralValidator.validate("SELECT 1; SELECT 2", TABLES, 1000).blockReason())
                .contains("more than one statement");
        assertThat(
                        StructuralValidator.validate(
                                        "WITH d AS (DELETE FROM employees RETURNING *) SELECT * FROM d",
                                        TABLES,
                                        1000)
                                .blocked())
                .isTrue();
    }

    @Test
    void unknownTablesAreErrorsButCtesAreNot() {
        StructuralValidator.Validation v =
                StructuralValidator.validate("SELECT * FROM employes LIMIT 5", TABLES, 1000);
        assertThat(v.errors()).containsExactly("unknown table employes");
        assertThat(
                        StructuralValidator.validate(
                                        "WITH recent AS (SELECT * FROM employees) SELECT COUNT(*) FROM recent LIMIT 1",
                                        TABLES,
                                        1000)
                                .ok())
                .isTrue();
    }

    @Test
    void aMissingLimitIsAddedAsAWarning() {
        StructuralValidator.Validation v =
                StructuralValidator.validate("SELECT first_name FROM employees; ", TABLES, 1001);
        assertThat(v.ok()).isTrue();
        assertThat(v.sql()).isEqualTo("SELECT first_name FROM employees\nLIMIT 1001");
        assertThat(v.warnings()).hasSize(1);
        assertThat(
                        StructuralValidator.validate(
                                        "SELECT 1 FROM employees WHERE dept_id IN (SELECT dept_id FROM departments LIMIT 3)",
                                        TABLES,
                                        9)
                                .sql())
                .endsWith("LIMIT 9");
        assertThat(
                        StructuralValidator.validate("SELECT 1 FROM employees LIMIT 3", TABLES, 9)
                                .warnings())
                .isEmpty();
    }
}
