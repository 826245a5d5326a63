package dev.sqlexam.repair;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The repair loop with its checks (validation, lint, EXPLAIN) on the real demo database. */
class RepairLoopITCase {

    private static PooledConnections connections;
    private static ReadOnlyExecutor executor;
    private static final Map<String, Set<String>> COLUMNS =
            Map.of(
                    "employees",
                            Set.of(
                                    "emp_id",
                                    "first_name",
                                    "last_name",
                                    "email",
                                    "dept_id",
                                    "manager_id",
                                    "hire_date",
                                    "salary"),
                    "departments", Set.of("dept_id", "dept_name", "location", "budget"));
    private static final RepairLoop.Context CONTEXT =
            new RepairLoop.Context(
                    COLUMNS,
                    List.of(
                            new ForeignKey(
                                    "employees",
                                    List.of("dept_id"),
                                    "departments",
                                    List.of("dept_id"))),
                    Set.of(
                            "employees",
                            "departments",
                            "orders",
                            "customers",
                            "products",
                            "order_items"),
                    "## Question\nHow many employees?");

    @BeforeAll
    static void connect() {
        connections = TestDatabase.readerConnections(2);
        executor = new ReadOnlyExecutor(connections, 2_000, 100);
    }

    @AfterAll
    static void close() {
        connections.close();
    }

    private static RepairLoop.Check check(String sql) {
        return CandidateEvaluator.check(
                sql, CONTEXT.knownTables(), 101, s -> executor.explain("demo", s, 2_000));
    }

    private static RepairOutcome repair(String sql, RepairLoop.Model model) {
        RepairLoop.Check failure = check(sql);
        assertThat(failure.passed()).as("the test SQL must fail first").isFalse();
        return new RepairLoop(RepairLoop.Settings.defaults())
                .repair(sql, failure, CONTEXT, RepairLoopITCase::check, model);
    }

    @Test
    void mysqlDialectIsNormalizedDeterministically() {
        RepairOutcome o =
                repair(
                        "SELECT YEAR(hire_date), IFNULL(SUM(salary), 0) FROM employees GROUP BY YEAR(hire_date)",
                        null);
        assertThat(o.repaired()).isTrue();
        assertThat(o.sql())
                .isEqualTo(
                        "SELECT EXTRACT(YEAR FROM hire_date), COALESCE(SUM(salary), 0) FROM employees GROUP BY EXTRACT(YEAR FROM hire_date)");
        assertThat(o.attempts())
                .singleElement()
                .satisfies(a -> assertThat(a.method()).startsWith("pg_normalize"));
        assertThat(o.confidence()).isEqualTo(0.9);
    }

    @Test
    void aColumnTypoIsAutocorrected() {
        RepairOutcome o =
                repair(
                        "SELECT e.first_nam, d.dept_name FROM employees e JOIN departments d ON d.dept_id = e.dept_id",
                        null);
        assertThat(o.repaired()).isTrue();
        assertThat(o.sql()).contains("e.first_name");
        assertThat(o.attempts().get(0).method()).isEqualTo("autocorrect_column");
    }

    @Test
    void withoutAFixOrAModelItStopsAndSaysWhy() {
        RepairOutcome o = repair("SELECT e.wage_grade FROM employees e", null);
        assertThat(o.repaired()).isFalse();
        assertThat(o.sql()).isEqualTo("SELECT e.wage_grade FROM employees e");
        assertThat(o.attempts())
                .singleElement()
                .satisfies(a -> assertThat(a.error()).contains("no model"));
    }

    @Test
    void whatContradictsTheQuestionGoesIntoTheSemanticBlock() {
        RepairLoop.Context ctx =
                new RepairLoop.Context(
                        COLUMNS,
                        CONTEXT.fks(),
                        CONTEXT.knownTables(),
                        CONTEXT.basePrompt(),
                        q ->
                                dev.sqlexam.evaluation.QuestionAgreement.contradictions(
                                        "What is the average salary of the five highest-paid employees?",
                                        q));
        String sql =
                "SELECT SUM(salary) FROM (SELECT e.wage FROM employees e ORDER BY e.salary ASC LIMIT 5) t";
        List<String> prompts = new ArrayList<>();
        new RepairLoop(RepairLoop.Settings.defaults())
                .repair(
                        sql,
                        check(sql),
                        ctx,
                        RepairLoopITCase::check,
                        p -> {
                            prompts.add(p);
                            return Optional.empty();
                        });
        assertThat(prompts.get(0))
                .as("the ORDER BY is inside the subquery, not the top level's: no direction issue")
                .contains("### Semantic issues")
                .contains("average is AVG")
                .doesNotContain("sort direction");
    }

    @Test
    void theModelGetsTheErrorAndTheColumnDeltasAndItsAnswerIsChecked() {
        List<String> prompts = new ArrayList<>();
        RepairOutcome o =
                repair(
                        "SELECT e.wage_grade FROM employees e",
                        prompt -> {
                            prompts.add(prompt);
                            return Optional.of(
                                    prompts.size() == 1
                                            ? "SELECT e.nope FROM employees e"
                                            : "SELECT e.salary FROM employees e");
                        });
        assertThat(o.repaired()).isTrue();
        assertThat(o.sql()).isEqualTo("SELECT e.salary FROM employees e");
        assertThat(o.attempts()).hasSize(2);
        assertThat(o.confidence()).isEqualTo(0.8);
        assertThat(prompts.get(0))
                .startsWith("## Question\nHow many employees?")
                .contains("SQLSTATE 42703")
                .contains("wage_grade")
                .contains("attempt 1 of 3");
        assertThat(o.attempts().get(0).deltas()).contains("POSTGRES");
    }

    @Test
    void infrastructureAndBlocksAreNeverRepaired() {
        RepairLoop loop = new RepairLoop(RepairLoop.Settings.defaults());
        RepairOutcome infra =
                loop.repair(
                        "SELECT 1",
                        new RepairLoop.Check(
                                false,
                                "08006",
                                ErrorClass.INFRA_FAILURE,
                                "connection lost",
                                null,
                                List.of()),
                        CONTEXT,
                        RepairLoopITCase::check,
                        p -> Optional.of("SELECT 1"));
        assertThat(infra.attempts()).isEmpty();
        RepairOutcome blocked =
                loop.repair(
                        "DROP TABLE employees",
                        check("DROP TABLE employees"),
                        CONTEXT,
                        RepairLoopITCase::check,
                        p -> Optional.of("SELECT 1"));
        assertThat(blocked.attempts()).isEmpty();
        assertThat(blocked.repaired()).isFalse();
    }
}
