package dev.sqlexam.suite.independent;

import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PaperMutatorTest {

    private static final Map<String, Map<String, String>> SCHEMA =
            Map.of(
                    "patients",
                            Map.of(
                                    "patient_id",
                                    "int",
                                    "first_name",
                                    "text",
                                    "last_name",
                                    "text",
                                    "city",
                                    "text",
                                    "age",
                                    "int"),
                    "visits",
                            Map.of(
                                    "visit_id",
                                    "int",
                                    "patient_id",
                                    "int",
                                    "fee",
                                    "num",
                                    "day",
                                    "date"));

    private static List<String> sqls(String sql) {
        return PaperMutator.mutants(sql, SCHEMA).stream().map(PaperMutator.Mutant::sql).toList();
    }

    private static List<String> operators(String sql) {
        return PaperMutator.mutants(sql, SCHEMA).stream()
                .map(PaperMutator.Mutant::operator)
                .distinct()
                .toList();
    }

    @Test
    void comparisonOperatorsAreReplacedByEachOther() {
        assertThat(sqls("SELECT first_name FROM patients WHERE age > 30"))
                .contains(
                        "SELECT first_name FROM patients WHERE age >= 30",
                        "SELECT first_name FROM patients WHERE age < 30",
                        "SELECT first_name FROM patients WHERE age <= 30",
                        "SELECT first_name FROM patients WHERE age = 30",
                        "SELECT first_name FROM patients WHERE age <> 30");
    }

    @Test
    void numbersMoveByOneAndStringsAreReplacedByAnotherLiteral() {
        assertThat(sqls("SELECT first_name FROM patients WHERE age > 30"))
                .contains(
                        "SELECT first_name FROM patients WHERE age > 31",
                        "SELECT first_name FROM patients WHERE age > 29");
        assertThat(sqls("SELECT age FROM patients WHERE city = 'Boston' OR last_name = 'Lee'"))
                .contains(
                        "SELECT age FROM patients WHERE city = 'Lee' OR last_name = 'Lee'",
                        "SELECT age FROM patients WHERE city = 'boston' OR last_name = 'Lee'");
    }

    @Test
    void datesMoveByOneDay() {
        assertThat(sqls("SELECT COUNT(*) FROM visits WHERE day >= DATE '2024-01-01'"))
                .contains(
                        "SELECT COUNT(*) FROM visits WHERE day >= DATE '2024-01-02'",
                        "SELECT COUNT(*) FROM visits WHERE day >= DATE '2023-12-31'");
    }

    @Test
    void aggregatesAreReplacedAndGetOrLoseDistinct() {
        assertThat(sqls("SELECT COUNT(patient_id) FROM visits"))
                .contains(
                        "SELECT SUM(patient_id) FROM visits",
                        "SELECT AVG(patient_id) FROM visits",
                        "SELECT MIN(patient_id) FROM visits",
                        "SELECT MAX(patient_id) FROM visits",
                        "SELECT COUNT(DISTINCT patient_id) FROM visits",
                        "SELECT DISTINCT COUNT(patient_id) FROM visits");
        assertThat(sqls("SELECT COUNT(DISTINCT patient_id) FROM visits"))
                .contains("SELECT COUNT(patient_id) FROM visits");
        assertThat(operators("SELECT COUNT(*) FROM visits"))
                .doesNotContain("aggregate", "distinct in aggregate");
    }

    @Test
    void distinctIsAddedOrDropped() {
        assertThat(sqls("SELECT DISTINCT city FROM patients"))
                .contains("SELECT city FROM patients");
        assertThat(sqls("SELECT city FROM patients"))
                .contains("SELECT DISTINCT city FROM patients");
    }

    @Test
    void orderDirectionFlipsAndLimitMovesOrGoes() {
        List<String> m =
                sqls("SELECT first_name FROM patients ORDER BY age DESC, patient_id LIMIT 5");
        assertThat(m)
                .contains(
                        "SELECT first_name FROM patients ORDER BY age ASC, patient_id LIMIT 5",
                        "SELECT first_name FROM patients ORDER BY age DESC, patient_id DESC LIMIT 5",
                        "SELECT first_name FROM patients ORDER BY age DESC, patient_id LIMIT 6",
                        "SELECT first_name FROM patients ORDER BY age DESC, patient_id LIMIT 4",
                        "SELECT first_name FROM patients ORDER BY age DESC, patient_id");
    }

    @Test
    void joinTypeChangesBetweenInnerAndLeft() {
        assertThat(
                        sqls(
                                "SELECT p.first_name, v.fee FROM patients p JOIN visits v ON v.patient_id = p.patient_id"))
                .contains(
                        "SELECT p.first_name, v.fee FROM patients p LEFT JOIN visits v ON v.patient_id = p.patient_id");
        assertThat(
                        sqls(
                                "SELECT p.first_name, v.fee FROM patients p LEFT JOIN visits v ON v.patient_id = p.patient_id"))
                .contains(
                        "SELECT p.first_name, v.fee FROM patients p JOIN visits v ON v.patient_id = p.patient_id");
    }

    @Test
    void conjunctsAreDroppedAndAndOrSwapped() {
        List<String> m = sqls("SELECT first_name FROM patients WHERE age > 30 AND city = 'Boston'");
        assertThat(m)
                .contains(
                        "SELECT first_name FROM patients WHERE age > 30",
                        "SELECT first_name FROM patients WHERE city = 'Boston'",
                        "SELECT first_name FROM patients WHERE (age > 30 OR city = 'Boston')");
        assertThat(sqls("SELECT first_name FROM patients WHERE age > 30 OR city = 'Boston'"))
                .contains("SELECT first_name FROM patients WHERE (age > 30 AND city = 'Boston')");
    }

    @Test
    void columnsAreReplacedByColumnsOfTheSameTableAndType() {
        List<String> m =
                sqls(
                        "SELECT p.first_name FROM patients p JOIN visits v ON v.patient_id = p.patient_id WHERE v.fee > 10");
        assertThat(m)
                .contains(
                        "SELECT p.last_name FROM patients p JOIN visits v ON v.patient_id = p.patient_id WHERE v.fee > 10",
                        "SELECT p.city FROM patients p JOIN visits v ON v.patient_id = p.patient_id WHERE v.fee > 10");
        assertThat(m)
                .noneMatch(
                        s ->
                                s.contains("p.fee")
                                        || s.contains("v.first_name")
                                        || s.contains("v.day > 10"));
        assertThat(sqls("SELECT first_name FROM patients WHERE age > 30"))
                .contains("SELECT first_name FROM patients WHERE patient_id > 30");
    }

    @Test
    void everyMutantParsesAndDiffersFromTheQueryAndUnreadableQueriesHaveNone() throws Exception {
        String sql =
                "SELECT p.city, COUNT(DISTINCT v.visit_id) AS n FROM patients p LEFT JOIN visits v ON v.patient_id = p.patient_id "
                        + "WHERE p.age BETWEEN 18 AND 65 AND (p.city LIKE 'B%' OR p.city IS NULL) GROUP BY p.city HAVING COUNT(*) > 1 ORDER BY n DESC LIMIT 3";
        List<PaperMutator.Mutant> mutants = PaperMutator.mutants(sql, SCHEMA);
        assertThat(mutants).hasSizeGreaterThan(30);
        String canonical = CCJSqlParserUtil.parse(sql).toString();
        for (PaperMutator.Mutant m : mutants) {
            assertThat(m.sql()).isNotEqualTo(canonical);
            assertThat(CCJSqlParserUtil.parse(m.sql()).toString()).isEqualTo(m.sql());
        }
        assertThat(mutants).extracting(PaperMutator.Mutant::sql).doesNotHaveDuplicates();
        assertThat(mutants)
                .extracting(PaperMutator.Mutant::operator)
                .contains(
                        "comparison",
                        "number",
                        "string",
                        "aggregate",
                        "distinct in aggregate",
                        "distinct",
                        "asc/desc",
                        "join type",
                        "conjunct dropped",
                        "and/or",
                        "limit dropped",
                        "column");
        assertThat(PaperMutator.mutants("SELEC nothing FROM", SCHEMA)).isEmpty();
    }
}
