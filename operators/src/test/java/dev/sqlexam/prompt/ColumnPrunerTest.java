package dev.sqlexam.prompt;

import dev.sqlexam.llm.PromptTemplates;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnPrunerTest {

    private static final String EMPLOYEES =
            "employees (employee_id bigint PK, first_name text, last_name text, email text, "
                    + "phone text, hire_date date, birth_date date, gender text, \"Marital Status\" text, salary numeric(12, 2), "
                    + "department_id bigint FK→departments)";
    private static final String DEPARTMENTS =
            "departments (department_id bigint PK, dept_code text, dept_name text, cost_center text, "
                    + "budget_amt numeric(14, 2), opened_on date, closed_on date, notes text, fax_number text, web_url text)";

    @Test
    void keepsStructuralColumnsAndTheFirstOthersByOrdinal() {
        String pruned = ColumnPruner.prune(EMPLOYEES, Set.of(), 2);
        assertThat(MSchemaColumns.parse(pruned))
                .extracting(MSchemaColumns.Col::name)
                .containsExactly("employee_id", "first_name", "last_name", "department_id");
        assertThat(pruned)
                .contains("department_id bigint FK→departments")
                .contains("employee_id bigint PK");
    }

    @Test
    void keepsLinkedAndReferencedColumnsBeyondTheLimit() {
        String pruned =
                ColumnPruner.prune(
                        EMPLOYEES, Set.of("employees.salary", "employees.Marital Status"), 1);
        assertThat(MSchemaColumns.parse(pruned))
                .extracting(MSchemaColumns.Col::name)
                .containsExactly(
                        "employee_id", "first_name", "Marital Status", "salary", "department_id");
        assertThat(pruned).as("quoted names stay quoted").contains("\"Marital Status\" text");
    }

    @Test
    void aNarrowTableOrAnUnparsableLineIsUntouched() {
        String narrow = "regions (region_id bigint PK, name text)";
        assertThat(ColumnPruner.prune(narrow, Set.of(), 5)).isSameAs(narrow);
        assertThat(ColumnPruner.prune("a view without columns", Set.of(), 5))
                .isEqualTo("a view without columns");
    }

    @Test
    void thePromptIsPrunedOnlyWhenTheFlagIsOn() {
        List<PacketTable> tables =
                List.of(
                        new PacketTable("employees", "HR", EMPLOYEES, 1.0, "vector"),
                        new PacketTable("departments", "HR", DEPARTMENTS, 0.8, "fk"));
        List<ForeignKey> fks =
                List.of(
                        new ForeignKey(
                                "employees",
                                List.of("department_id"),
                                "departments",
                                List.of("department_id")));
        SchemaContextPacket packet =
                new SchemaContextPacket("erp", "v1", tables, fks, List.of(), List.of(), List.of());
        ExamQuestion q =
                new ExamQuestion(
                        "q1",
                        "erp",
                        "What is the average salary of our staff?",
                        "SELECT 1",
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        1,
                        null);

        String full =
                PromptTemplates.build(
                                q,
                                packet,
                                null,
                                new PromptTemplates.Sections(
                                        false,
                                        false,
                                        dev.sqlexam.config.Choices.JoinHints.NONE,
                                        false))
                        .user();
        String pruned =
                PromptTemplates.build(
                                q,
                                packet,
                                null,
                                new PromptTemplates.Sections(
                                        false,
                                        false,
                                        dev.sqlexam.config.Choices.JoinHints.NONE,
                                        true))
                        .user();
        assertThat(full).contains("birth_date").contains("closed_on");
        assertThat(pruned)
                .doesNotContain("birth_date")
                .doesNotContain("gender")
                .doesNotContain("fax_number")
                .doesNotContain("web_url")
                .as("linked by the question")
                .contains("salary numeric")
                .as("FK target")
                .contains("department_id bigint PK");
        assertThat(pruned.length()).isLessThan(full.length());
    }
}
