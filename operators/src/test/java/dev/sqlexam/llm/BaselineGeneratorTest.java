package dev.sqlexam.llm;

import dev.sqlexam.config.Settings;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.pipeline.GenerateStep;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BaselineGeneratorTest {

    private static final SchemaContextPacket PACKET =
            new SchemaContextPacket(
                    "erp",
                    "rag_v1",
                    List.of(
                            new PacketTable(
                                    "employees",
                                    "HR",
                                    "employees (employee_id bigint PK, first_name text, hire_date date, "
                                            + "dept_id integer FK→departments, status text)",
                                    0.9,
                                    PacketTable.RETRIEVAL),
                            new PacketTable(
                                    "departments",
                                    "HR",
                                    "departments (dept_id integer PK, dept_name text)",
                                    0.7,
                                    PacketTable.RETRIEVAL),
                            new PacketTable(
                                    "salary_history",
                                    "HR",
                                    "salary_history (salary_id bigint PK, employee_id bigint FK→employees, "
                                            + "base_salary_amt numeric(12, 2), effective_date date)",
                                    0.6,
                                    PacketTable.RETRIEVAL)),
                    List.of(
                            new ForeignKey(
                                    "employees",
                                    List.of("dept_id"),
                                    "departments",
                                    List.of("dept_id")),
                            new ForeignKey(
                                    "salary_history",
                                    List.of("employee_id"),
                                    "employees",
                                    List.of("employee_id"))),
                    List.of("HR"),
                    List.of(),
                    List.of());

    private final BaselineGenerator baseline = new BaselineGenerator(4);

    private String first(String question) {
        List<Candidate> c = baseline.write(question, PACKET);
        return c.isEmpty() ? null : c.get(0).sql();
    }

    @Test
    void countsFiltersByYearAndGroups() {
        assertThat(first("How many employees are there?"))
                .isEqualTo("SELECT COUNT(*) FROM employees");
        assertThat(first("How many employees were hired in 2023?"))
                .isEqualTo(
                        "SELECT COUNT(*) FROM employees WHERE employees.hire_date >= DATE '2023-01-01' AND employees.hire_date < DATE '2024-01-01'");
        assertThat(first("How many employees are there in each department?"))
                .isEqualTo(
                        "SELECT departments.dept_name, COUNT(*) AS value FROM employees JOIN departments ON employees.dept_id = departments.dept_id "
                                + "GROUP BY departments.dept_name");
    }

    @Test
    void sumsAverageLinkedMeasuresAndQuotedValues() {
        assertThat(first("What is the average base salary?"))
                .isEqualTo("SELECT AVG(salary_history.base_salary_amt) FROM salary_history");
        assertThat(first("How many employees have status 'active'?"))
                .isEqualTo("SELECT COUNT(*) FROM employees WHERE employees.status = 'active'");
    }

    @Test
    void monthsIsoDatesAndRangesFilterTheDateColumn() {
        assertThat(first("How many employees were hired in March 2024?"))
                .endsWith(
                        "WHERE employees.hire_date >= DATE '2024-03-01' AND employees.hire_date < DATE '2024-04-01'");
        assertThat(first("How many employees were hired since 2022-07-15?"))
                .endsWith("WHERE employees.hire_date >= DATE '2022-07-15'");
        assertThat(first("How many employees were hired before 2022-07-15?"))
                .endsWith("WHERE employees.hire_date < DATE '2022-07-15'");
        assertThat(first("How many employees were hired between 2021-01-01 and 2021-06-30?"))
                .endsWith(
                        "WHERE employees.hire_date BETWEEN DATE '2021-01-01' AND DATE '2021-06-30'");
        assertThat(first("How many employees were hired after 2022-13-45?"))
                .as("not a date")
                .isEqualTo("SELECT COUNT(*) FROM employees");
        assertThat(first("How many employees were hired on 1 June 2024?"))
                .endsWith("WHERE CAST(employees.hire_date AS date) = DATE '2024-06-01'");
        assertThat(first("How many employees were hired before June 3rd, 2021?"))
                .endsWith("WHERE employees.hire_date < DATE '2021-06-03'");
        assertThat(first("How many employees were there as of 31 December 2025?"))
                .as("a reference day, not a filter")
                .isEqualTo("SELECT COUNT(*) FROM employees");
        assertThat(first("How many employees were hired between 1 Jan 2021 and 2021-06-30?"))
                .endsWith(
                        "WHERE employees.hire_date BETWEEN DATE '2021-01-01' AND DATE '2021-06-30'");
    }

    @Test
    void numericComparisonsFilterTheLinkedMeasureOrTheGroupedValue() {
        assertThat(first("What is the average base salary above 50,000?"))
                .isEqualTo(
                        "SELECT AVG(salary_history.base_salary_amt) FROM salary_history WHERE salary_history.base_salary_amt > 50000");
        assertThat(
                        first(
                                "What is the total base salary by department, for departments with at least 1.5 million?"))
                .contains(
                        "GROUP BY departments.dept_name HAVING SUM(salary_history.base_salary_amt) >= 1500000");
        assertThat(first("How many departments have more than 5 employees?"))
                .as("a count per group, not a measure")
                .doesNotContain(">");
    }

    @Test
    void nothingToWriteFromIsNotACrash() {
        assertThat(baseline.write("", PACKET)).isEmpty();
        assertThat(
                        baseline.write(
                                "How many?",
                                new SchemaContextPacket(
                                        "erp", "none", List.of(), List.of(), List.of(), List.of(),
                                        List.of())))
                .isEmpty();
    }

    @Test
    void readsNothingButTheQuestionAndTheSchema() throws Exception {
        ExamQuestion full =
                new ExamQuestion(
                        "q",
                        "erp",
                        "How many employees were hired in 2023?",
                        "SELECT 42 AS gold",
                        List.of("SELECT 43"),
                        List.of("payroll_runs"),
                        "hard",
                        "Finance",
                        "trick",
                        "use payroll_runs",
                        true,
                        7,
                        "{\"x\":1}");
        ExamQuestion blank =
                new ExamQuestion(
                        "q",
                        "erp",
                        "How many employees were hired in 2023?",
                        "",
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        7,
                        null);
        assertThat(candidates(full)).isEqualTo(candidates(blank)).isNotEmpty();
    }

    private static List<String> candidates(ExamQuestion q) throws Exception {
        try (GenerateStep step =
                new GenerateStep(
                        dev.sqlexam.pipeline.Variants.single(
                                "v",
                                Generators.from(
                                        Settings.resolve(
                                                Map.of(),
                                                Map.of(),
                                                Map.of("generator", "baseline")))))) {
            return step
                    .run(
                            new RetrievalTask(
                                    new ExamTask("r", "v", 1, q),
                                    null,
                                    null,
                                    PACKET,
                                    null,
                                    null,
                                    List.of()))
                    .get()
                    .candidates()
                    .stream()
                    .map(Candidate::sql)
                    .toList();
        }
    }
}
