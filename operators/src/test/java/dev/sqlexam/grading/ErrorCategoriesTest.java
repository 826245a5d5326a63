package dev.sqlexam.grading;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ErrorCategory;

import com.sun.management.OperatingSystemMXBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static dev.sqlexam.grading.ErrorCategories.AGGREGATION_ARGUMENT;
import static dev.sqlexam.grading.ErrorCategories.AGGREGATION_DISTINCT;
import static dev.sqlexam.grading.ErrorCategories.AGGREGATION_FUNCTION;
import static dev.sqlexam.grading.ErrorCategories.ERROR;
import static dev.sqlexam.grading.ErrorCategories.FILTER_CONSTANT;
import static dev.sqlexam.grading.ErrorCategories.FILTER_EXTRA;
import static dev.sqlexam.grading.ErrorCategories.FILTER_MISSING;
import static dev.sqlexam.grading.ErrorCategories.FILTER_OPERATOR;
import static dev.sqlexam.grading.ErrorCategories.GROUPING;
import static dev.sqlexam.grading.ErrorCategories.HAVING;
import static dev.sqlexam.grading.ErrorCategories.JOIN_CONDITION;
import static dev.sqlexam.grading.ErrorCategories.JOIN_KIND;
import static dev.sqlexam.grading.ErrorCategories.LIMIT;
import static dev.sqlexam.grading.ErrorCategories.NESTING;
import static dev.sqlexam.grading.ErrorCategories.ORDERING;
import static dev.sqlexam.grading.ErrorCategories.OTHER;
import static dev.sqlexam.grading.ErrorCategories.PROJECTION_COLUMNS;
import static dev.sqlexam.grading.ErrorCategories.PROJECTION_COUNT;
import static dev.sqlexam.grading.ErrorCategories.PROJECTION_ORDER;
import static dev.sqlexam.grading.ErrorCategories.SET_OPERATION;
import static dev.sqlexam.grading.ErrorCategories.TABLE_EXTRA;
import static dev.sqlexam.grading.ErrorCategories.TABLE_MISSING;
import static dev.sqlexam.grading.ErrorCategories.TABLE_WRONG;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Gold/prediction pairs in Spider's style (its SQLite SQL: double-quoted strings, T1/T2 aliases,
 * mixed case) and on the ERP schema (PostgreSQL), each with the exact set of categories it must
 * get. The sets were written from the SQL, one pair at a time. Decisions the pairs pin down: a
 * correlated EXISTS is the IN it stands for (and NOT EXISTS the NOT IN); constants compare by value
 * (1 = 1.0, '2014' = 2014) in conditions, while 1 and 1.0 differ inside an output expression
 * (integer division); a join written with ON equals the same join in WHERE; SELECT DISTINCT equals
 * a GROUP BY of every output; {@code SELECT *} against named columns is a change of columns, never
 * of their count.
 */
class ErrorCategoriesTest {

    record Case(
            String name,
            String gold,
            String predicted,
            String error,
            String sqlstate,
            Set<String> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case same(String name, String gold, String predicted) {
        return new Case(name, gold, predicted, null, null, Set.of());
    }

    private static Case pair(String name, String gold, String predicted, String... expected) {
        return new Case(name, gold, predicted, null, null, Set.of(expected));
    }

    private static Case failed(
            String name,
            String gold,
            String predicted,
            String error,
            String sqlstate,
            String... expected) {
        return new Case(name, gold, predicted, error, sqlstate, Set.of(expected));
    }

    private static List<ErrorCategory> classify(Case c) {
        return ErrorCategories.classify(c.gold(), c.predicted(), c.error(), c.sqlstate());
    }

    private static void check(Case c) {
        List<ErrorCategory> found = classify(c);
        assertThat(found.stream().map(ErrorCategory::name).toList())
                .as(
                        "%s%n  gold: %s%n  pred: %s%n  found: %s",
                        c.name(), c.gold(), c.predicted(), found)
                .containsExactlyInAnyOrderElementsOf(c.expected());
    }

    static Stream<Case> equivalentRewrites() {
        return Stream.of(
                same(
                        "JOIN ... ON against FROM a, b WHERE, other aliases, condition order",
                        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.year = 2014",
                        "SELECT s.name FROM singer s, concert c WHERE c.year = 2014 AND s.singer_id = c.singer_id"),
                same(
                        "aliases against table names, the equality written the other way round",
                        "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
                        "SELECT singer.name FROM singer JOIN singer_in_concert ON singer_in_concert.singer_id = singer.singer_id"),
                same(
                        "join order",
                        "SELECT s.name, c.concert_name FROM concert c JOIN stadium s ON c.stadium_id = s.stadium_id",
                        "SELECT s.name, c.concert_name FROM stadium s JOIN concert c ON s.stadium_id = c.stadium_id"),
                same(
                        "!= against <>, condition order",
                        "SELECT name FROM singer WHERE country != 'France' AND age > 30",
                        "SELECT name FROM singer WHERE age > 30 AND country <> 'France'"),
                same(
                        "quoting and the case of keywords and names",
                        "SELECT \"Name\" FROM \"Singer\" WHERE \"Age\" > 30",
                        "select name from singer where age > 30"),
                same(
                        "backticks",
                        "SELECT `name` FROM `singer` WHERE `age` < 25",
                        "SELECT name FROM singer WHERE age < 25"),
                same(
                        "COUNT(1) for COUNT(*)",
                        "SELECT count(*) FROM singer",
                        "SELECT COUNT(1) FROM Singer;"),
                same(
                        "redundant parentheses",
                        "SELECT name FROM singer WHERE (age > 30) AND ((country = 'France'))",
                        "SELECT name FROM singer WHERE age > 30 AND country = 'France'"),
                same(
                        "output aliases",
                        "SELECT count(*) AS cnt, max(age) AS oldest FROM singer",
                        "SELECT count(*), max(age) FROM singer"),
                same(
                        "ORDER BY an output alias against its expression",
                        "SELECT country, count(*) AS n FROM singer GROUP BY country ORDER BY n DESC",
                        "SELECT country, count(*) FROM singer GROUP BY country ORDER BY count(*) DESC"),
                same(
                        "ORDER BY a position against the column; ASC said or not",
                        "SELECT name, age FROM singer ORDER BY 2 ASC",
                        "SELECT name, age FROM singer ORDER BY age"),
                same(
                        "BETWEEN against its two bounds",
                        "SELECT name FROM employees WHERE salary BETWEEN 40000 AND 60000",
                        "SELECT name FROM employees WHERE salary >= 40000 AND salary <= 60000"),
                same(
                        "a correlated EXISTS for an IN subquery",
                        "SELECT e.first_name FROM employees e WHERE e.department_id IN (SELECT d.department_id FROM departments d WHERE d.name = 'Sales')",
                        "SELECT e.first_name FROM employees e WHERE EXISTS (SELECT 1 FROM departments d WHERE d.department_id = e.department_id AND d.name = 'Sales')"),
                same(
                        "SELECT DISTINCT against GROUP BY every output",
                        "SELECT DISTINCT country FROM singer WHERE age > 20",
                        "SELECT country FROM singer WHERE age > 20 GROUP BY country"),
                same(
                        "the constant on the left",
                        "SELECT count(*) FROM head WHERE age > 56",
                        "SELECT count(*) FROM head WHERE 56 < age"),
                same(
                        "NOT of a comparison",
                        "SELECT name FROM singer WHERE age <= 30",
                        "SELECT name FROM singer WHERE NOT (age > 30)"),
                same(
                        "a one-value IN list is =",
                        "SELECT name FROM singer WHERE country = 'France'",
                        "SELECT name FROM singer WHERE country IN ('France')"),
                same(
                        "1 and 1.0 as a filter's constant",
                        "SELECT name FROM products WHERE price > 10",
                        "SELECT name FROM products WHERE price > 10.0"),
                same(
                        "SQLite's double-quoted string, an IN list in another order",
                        "SELECT name FROM singer WHERE country IN (\"France\", \"Spain\")",
                        "SELECT name FROM singer WHERE country IN ('Spain', 'France')"),
                same(
                        "LIMIT n OFFSET 0 is LIMIT n; FETCH FIRST is LIMIT",
                        "SELECT name FROM products WHERE category = 'Electronics' ORDER BY price DESC LIMIT 3",
                        "SELECT \"name\" FROM \"public\".\"products\" WHERE \"category\" = 'Electronics' ORDER BY \"price\" DESC OFFSET 0 FETCH FIRST 3 ROWS ONLY"),
                same(
                        "SQLite's LIMIT offset, count",
                        "SELECT name FROM singer ORDER BY age LIMIT 1 OFFSET 2",
                        "SELECT name FROM singer ORDER BY age LIMIT 2, 1"),
                same(
                        "INNER JOIN is JOIN",
                        "SELECT e.first_name FROM employees e INNER JOIN departments d ON e.department_id = d.department_id",
                        "SELECT e.first_name FROM employees e JOIN departments d ON d.department_id = e.department_id"),
                same(
                        "GROUP BY either side of the join equality",
                        "SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T2.stadium_id ORDER BY count(*) DESC LIMIT 1",
                        "SELECT T1.name FROM stadium AS T1 JOIN concert AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id ORDER BY count(*) DESC LIMIT 1"),
                same(
                        "an unqualified column where only one table has it",
                        "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.concert_id = 1",
                        "SELECT name FROM singer JOIN singer_in_concert ON singer.singer_id = singer_in_concert.singer_id WHERE concert_id = 1"),
                same(
                        "SELECT DISTINCT with ORDER BY against GROUP BY with ORDER BY",
                        "SELECT DISTINCT name FROM singer ORDER BY name",
                        "SELECT name FROM singer GROUP BY name ORDER BY name"),
                same(
                        "a redundant join inside a NOT IN subquery",
                        "SELECT major, age FROM student WHERE stuid NOT IN (SELECT T1.stuid FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid JOIN pets AS T3 ON T3.petid = T2.petid WHERE T3.pettype = 'cat')",
                        "SELECT major, age FROM student WHERE stuid NOT IN (SELECT T1.stuid FROM has_pet AS T1 JOIN pets AS T2 ON T1.petid = T2.petid WHERE T2.pettype = 'cat')"),
                same(
                        "schema-qualified and quoted PostgreSQL names",
                        "SELECT e.first_name FROM public.employees AS e WHERE e.status = 'active'",
                        "SELECT \"e\".\"first_name\" FROM \"employees\" \"e\" WHERE \"e\".\"status\" = 'active'"),
                same(
                        "a number written as a string, as both engines compare it with a number column",
                        "SELECT concert_name FROM concert WHERE year = 2014",
                        "SELECT concert_name FROM concert WHERE year = '2014'"),
                same(
                        "an IN list against ORed equalities on the column",
                        "SELECT name FROM singer WHERE country IN ('France', 'Spain') AND age > 30",
                        "SELECT name FROM singer WHERE (country = 'Spain' OR country = 'France') AND age > 30"),
                same(
                        "NOT BETWEEN against its complements",
                        "SELECT name FROM employees WHERE salary NOT BETWEEN 40000 AND 60000",
                        "SELECT name FROM employees WHERE salary < 40000 OR salary > 60000"));
    }

    static Stream<Case> singleDifferences() {
        return Stream.of(
                pair(
                        "a joined table left out",
                        "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
                        "SELECT name FROM singer",
                        TABLE_MISSING),
                pair(
                        "a joined table left out, its condition put on the table that is left",
                        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.year = 2014",
                        "SELECT name FROM singer WHERE year = 2014",
                        TABLE_MISSING),
                pair(
                        "a table joined in that the gold does not read",
                        "SELECT name FROM singer",
                        "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
                        TABLE_EXTRA),
                pair(
                        "another table read",
                        "SELECT count(*) FROM concert",
                        "SELECT count(*) FROM stadium",
                        TABLE_WRONG),
                pair(
                        "another table in the same place of the join chain",
                        "SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2014",
                        "SELECT T2.name FROM concert AS T1 JOIN singer AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2014",
                        TABLE_WRONG),
                pair(
                        "LEFT JOIN against JOIN",
                        "SELECT d.name, e.first_name FROM departments d LEFT JOIN employees e ON e.department_id = d.department_id",
                        "SELECT d.name, e.first_name FROM departments d JOIN employees e ON e.department_id = d.department_id",
                        JOIN_KIND),
                pair(
                        "FULL JOIN against LEFT JOIN",
                        "SELECT c.name, o.order_id FROM customers c FULL OUTER JOIN orders o ON o.customer_id = c.customer_id",
                        "SELECT c.name, o.order_id FROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id",
                        JOIN_KIND),
                pair(
                        "joined on another column",
                        "SELECT e.first_name, d.name FROM employees e JOIN departments d ON e.department_id = d.department_id",
                        "SELECT e.first_name, d.name FROM employees e JOIN departments d ON e.manager_id = d.department_id",
                        JOIN_CONDITION),
                pair(
                        "a join without its condition",
                        "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
                        "SELECT T1.name FROM singer AS T1, singer_in_concert AS T2",
                        JOIN_CONDITION),
                pair(
                        "a self-join the other way round",
                        "SELECT e.first_name FROM employees e JOIN employees m ON e.manager_id = m.employee_id WHERE m.last_name = 'King'",
                        "SELECT e.first_name FROM employees e JOIN employees m ON e.employee_id = m.manager_id WHERE m.last_name = 'King'",
                        JOIN_CONDITION),
                pair(
                        "a condition left out",
                        "SELECT count(*) FROM employees WHERE status = 'active' AND salary > 50000",
                        "SELECT count(*) FROM employees WHERE salary > 50000",
                        FILTER_MISSING),
                pair(
                        "a condition added",
                        "SELECT name FROM customers WHERE country = 'France'",
                        "SELECT name FROM customers WHERE country = 'France' AND city = 'Paris'",
                        FILTER_EXTRA),
                pair(
                        "= for LIKE with the same words",
                        "SELECT name FROM customers WHERE name LIKE '%Smith%'",
                        "SELECT name FROM customers WHERE name = 'Smith'",
                        FILTER_OPERATOR),
                pair(
                        ">= for >",
                        "SELECT count(*) FROM head WHERE age > 56",
                        "SELECT count(*) FROM head WHERE age >= 56",
                        FILTER_OPERATOR),
                pair(
                        "= for IN",
                        "SELECT name FROM singer WHERE country IN ('France', 'Spain')",
                        "SELECT name FROM singer WHERE country = 'France'",
                        FILTER_OPERATOR),
                pair(
                        "OR for AND",
                        "SELECT name FROM singer WHERE country = 'France' AND age > 30",
                        "SELECT name FROM singer WHERE country = 'France' OR age > 30",
                        FILTER_OPERATOR),
                pair(
                        "OR's precedence: parentheses left out",
                        "SELECT name FROM employees WHERE salary > 50000 AND (department_id = 1 OR department_id = 2)",
                        "SELECT name FROM employees WHERE salary > 50000 AND department_id = 1 OR department_id = 2",
                        FILTER_OPERATOR),
                pair(
                        "LIKE for ILIKE",
                        "SELECT name FROM customers WHERE name ILIKE '%smith%'",
                        "SELECT name FROM customers WHERE name LIKE '%smith%'",
                        FILTER_OPERATOR),
                pair(
                        "NOT LIKE for LIKE",
                        "SELECT name FROM products WHERE name LIKE 'A%'",
                        "SELECT name FROM products WHERE name NOT LIKE 'A%'",
                        FILTER_OPERATOR),
                pair(
                        "= NULL for IS NULL",
                        "SELECT first_name FROM employees WHERE manager_id IS NULL",
                        "SELECT first_name FROM employees WHERE manager_id = NULL",
                        FILTER_OPERATOR),
                pair(
                        "IS NOT NULL for IS NULL",
                        "SELECT first_name FROM employees WHERE manager_id IS NULL",
                        "SELECT first_name FROM employees WHERE manager_id IS NOT NULL",
                        FILTER_OPERATOR),
                pair(
                        "another year",
                        "SELECT concert_name FROM concert WHERE year = 2014",
                        "SELECT concert_name FROM concert WHERE year = 2015",
                        FILTER_CONSTANT),
                pair(
                        "a string's case (SQLite's double quotes)",
                        "SELECT name FROM singer WHERE country = 'France'",
                        "SELECT name FROM singer WHERE country = \"france\"",
                        FILTER_CONSTANT),
                pair(
                        "a string's spelling inside a LIKE pattern",
                        "SELECT name FROM customers WHERE name LIKE '%smith%'",
                        "SELECT name FROM customers WHERE name LIKE '%Smith%'",
                        FILTER_CONSTANT),
                pair(
                        "the case of strings in an IN list",
                        "SELECT count(*) FROM pets WHERE pettype IN ('Dog', 'Cat')",
                        "SELECT count(*) FROM pets WHERE pettype IN ('dog', 'cat')",
                        FILTER_CONSTANT),
                pair(
                        "a condition on another column",
                        "SELECT name FROM singer WHERE country = 'France'",
                        "SELECT name FROM singer WHERE name = 'France'",
                        FILTER_MISSING,
                        FILTER_EXTRA),
                pair(
                        "the same column name on the other table of the join",
                        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.theme = 'Free choice'",
                        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T1.theme = 'Free choice'",
                        FILTER_MISSING,
                        FILTER_EXTRA),
                pair(
                        "the same column name selected from the other table",
                        "SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id",
                        "SELECT T1.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id",
                        PROJECTION_COLUMNS),
                pair(
                        "AVG for MAX",
                        "SELECT max(capacity) FROM stadium",
                        "SELECT avg(capacity) FROM stadium",
                        AGGREGATION_FUNCTION),
                pair(
                        "COUNT for SUM over the same column",
                        "SELECT department_id, sum(salary) FROM employees GROUP BY department_id",
                        "SELECT department_id, count(salary) FROM employees GROUP BY department_id",
                        AGGREGATION_FUNCTION),
                pair(
                        "an aggregate left out",
                        "SELECT max(age) FROM singer WHERE country = 'France'",
                        "SELECT age FROM singer WHERE country = 'France'",
                        AGGREGATION_FUNCTION),
                pair(
                        "COUNT(DISTINCT x) for COUNT(x)",
                        "SELECT count(DISTINCT country) FROM singer",
                        "SELECT count(country) FROM singer",
                        AGGREGATION_DISTINCT),
                pair(
                        "SELECT DISTINCT left out",
                        "SELECT DISTINCT country FROM singer WHERE age > 20",
                        "SELECT country FROM singer WHERE age > 20",
                        AGGREGATION_DISTINCT),
                pair(
                        "DISTINCT outside the count instead of inside",
                        "SELECT count(DISTINCT country) FROM singer",
                        "SELECT DISTINCT count(country) FROM singer",
                        AGGREGATION_DISTINCT),
                pair(
                        "the average of another column",
                        "SELECT avg(age) FROM singer",
                        "SELECT avg(song_release_year) FROM singer",
                        AGGREGATION_ARGUMENT),
                pair(
                        "COUNT of a column for COUNT(*)",
                        "SELECT count(*) FROM orders WHERE status = 'shipped'",
                        "SELECT count(customer_id) FROM orders WHERE status = 'shipped'",
                        AGGREGATION_ARGUMENT),
                pair(
                        "grouped by another column",
                        "SELECT country, count(*) FROM singer GROUP BY country",
                        "SELECT country, count(*) FROM singer GROUP BY name",
                        GROUPING),
                pair(
                        "GROUP BY left out",
                        "SELECT department_id, avg(salary) FROM employees GROUP BY department_id",
                        "SELECT department_id, avg(salary) FROM employees",
                        GROUPING),
                pair(
                        "a GROUP BY column added",
                        "SELECT country, count(*) FROM singer GROUP BY country",
                        "SELECT country, count(*) FROM singer GROUP BY country, name",
                        GROUPING),
                pair(
                        "HAVING >= for >",
                        "SELECT country FROM singer GROUP BY country HAVING count(*) > 2",
                        "SELECT country FROM singer GROUP BY country HAVING count(*) >= 2",
                        HAVING),
                pair(
                        "HAVING left out",
                        "SELECT department_id FROM employees GROUP BY department_id HAVING avg(salary) > 50000",
                        "SELECT department_id FROM employees GROUP BY department_id",
                        HAVING),
                pair(
                        "ascending for descending",
                        "SELECT name, country, age FROM singer ORDER BY age DESC",
                        "SELECT name, country, age FROM singer ORDER BY age",
                        ORDERING),
                pair(
                        "ORDER BY left out",
                        "SELECT name FROM products ORDER BY price",
                        "SELECT name FROM products",
                        ORDERING),
                pair(
                        "a tie-breaking ORDER BY key added",
                        "SELECT first_name FROM employees ORDER BY salary DESC LIMIT 1",
                        "SELECT first_name FROM employees ORDER BY salary DESC, employee_id LIMIT 1",
                        ORDERING),
                pair(
                        "another LIMIT",
                        "SELECT name FROM singer ORDER BY age DESC LIMIT 1",
                        "SELECT name FROM singer ORDER BY age DESC LIMIT 3",
                        LIMIT),
                pair(
                        "LIMIT left out, ORDER BY kept",
                        "SELECT name FROM products ORDER BY price DESC LIMIT 3",
                        "SELECT name FROM products ORDER BY price DESC",
                        LIMIT),
                pair(
                        "an OFFSET added",
                        "SELECT name FROM products ORDER BY price DESC LIMIT 1",
                        "SELECT name FROM products ORDER BY price DESC LIMIT 1 OFFSET 1",
                        LIMIT),
                pair(
                        "another column selected",
                        "SELECT name FROM singer WHERE age > 30",
                        "SELECT song_name FROM singer WHERE age > 30",
                        PROJECTION_COLUMNS),
                pair(
                        "a column fewer",
                        "SELECT name, age FROM singer",
                        "SELECT name FROM singer",
                        PROJECTION_COUNT),
                pair(
                        "a column more",
                        "SELECT first_name FROM employees WHERE department_id = 3",
                        "SELECT first_name, last_name FROM employees WHERE department_id = 3",
                        PROJECTION_COUNT),
                pair(
                        "the same columns in another order",
                        "SELECT name, age FROM singer",
                        "SELECT age, name FROM singer",
                        PROJECTION_ORDER),
                pair(
                        "SELECT * for named columns",
                        "SELECT name, age FROM singer WHERE age > 30",
                        "SELECT * FROM singer WHERE age > 30",
                        PROJECTION_COLUMNS),
                pair(
                        "integer division: 100 for 100.0",
                        "SELECT count(*) * 100.0 / 20 FROM employees WHERE status = 'active'",
                        "SELECT count(*) * 100 / 20 FROM employees WHERE status = 'active'",
                        PROJECTION_COLUMNS),
                pair(
                        "UNION for INTERSECT",
                        "SELECT country FROM singer WHERE age > 40 INTERSECT SELECT country FROM singer WHERE age < 30",
                        "SELECT country FROM singer WHERE age > 40 UNION SELECT country FROM singer WHERE age < 30",
                        SET_OPERATION),
                pair(
                        "UNION ALL for UNION",
                        "SELECT name FROM customers WHERE country = 'France' UNION SELECT name FROM customers WHERE city = 'Paris'",
                        "SELECT name FROM customers WHERE country = 'France' UNION ALL SELECT name FROM customers WHERE city = 'Paris'",
                        SET_OPERATION),
                pair(
                        "one query with AND for INTERSECT",
                        "SELECT name FROM singer WHERE age > 20 INTERSECT SELECT name FROM singer WHERE country = 'France'",
                        "SELECT name FROM singer WHERE age > 20 AND country = 'France'",
                        SET_OPERATION),
                pair(
                        "one query with OR for UNION",
                        "SELECT name FROM customers WHERE country = 'France' UNION SELECT name FROM customers WHERE country = 'Spain'",
                        "SELECT name FROM customers WHERE country = 'France' OR country = 'Spain'",
                        SET_OPERATION),
                pair(
                        "a scalar subquery for a constant",
                        "SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)",
                        "SELECT name FROM singer WHERE age > 30",
                        NESTING),
                pair(
                        "an IN subquery for a join",
                        "SELECT e.first_name FROM employees e JOIN departments d ON e.department_id = d.department_id WHERE d.name = 'Sales'",
                        "SELECT first_name FROM employees WHERE department_id IN (SELECT department_id FROM departments WHERE name = 'Sales')",
                        NESTING));
    }

    static Stream<Case> severalDifferences() {
        return Stream.of(
                pair(
                        "a column more, a string's case, the order's direction, LIMIT left out",
                        "SELECT name FROM singer WHERE country = 'France' ORDER BY age DESC LIMIT 1",
                        "SELECT name, age FROM singer WHERE country = 'france' ORDER BY age",
                        PROJECTION_COUNT,
                        FILTER_CONSTANT,
                        ORDERING,
                        LIMIT),
                pair(
                        "joined on the wrong key, SUM of a column for COUNT(*), grouped by another column",
                        "SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id",
                        "SELECT T2.name, sum(T2.capacity) FROM concert AS T1 JOIN stadium AS T2 ON T1.concert_id = T2.stadium_id GROUP BY T2.name",
                        JOIN_CONDITION,
                        AGGREGATION_FUNCTION,
                        AGGREGATION_ARGUMENT,
                        GROUPING),
                pair(
                        "LEFT JOIN made inner and COUNT of a column made COUNT(*)",
                        "SELECT d.name, count(e.employee_id) FROM departments d LEFT JOIN employees e ON e.department_id = d.department_id GROUP BY d.name",
                        "SELECT d.name, count(*) FROM departments d JOIN employees e ON e.department_id = d.department_id GROUP BY d.name",
                        JOIN_KIND,
                        AGGREGATION_ARGUMENT),
                pair(
                        "order lines left out: revenue from the order total, ordered by it",
                        "SELECT c.name, sum(oi.quantity * oi.unit_price) AS revenue FROM customers c JOIN orders o ON o.customer_id = c.customer_id JOIN order_items oi ON oi.order_id = o.order_id GROUP BY c.name ORDER BY revenue DESC LIMIT 5",
                        "SELECT c.name, sum(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.customer_id GROUP BY c.name ORDER BY sum(o.total_amount) DESC LIMIT 5",
                        TABLE_MISSING,
                        AGGREGATION_ARGUMENT,
                        ORDERING),
                pair(
                        "> for >=, OR for AND, a string's case",
                        "SELECT count(*) FROM employees WHERE hire_date >= '2020-01-01' AND status = 'active'",
                        "SELECT count(*) FROM employees WHERE hire_date > '2020-01-01' OR status = 'Active'",
                        FILTER_OPERATOR,
                        FILTER_CONSTANT),
                pair(
                        "a HAVING condition moved into WHERE",
                        "SELECT department_id, avg(salary) FROM employees GROUP BY department_id HAVING avg(salary) > 50000",
                        "SELECT department_id, avg(salary) FROM employees WHERE salary > 50000 GROUP BY department_id",
                        HAVING,
                        FILTER_EXTRA),
                pair(
                        "COUNT for SUM and grouped by the name instead of the category",
                        "SELECT p.category, sum(oi.quantity) FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.category",
                        "SELECT p.category, count(oi.quantity) FROM products p JOIN order_items oi ON oi.product_id = p.product_id GROUP BY p.name",
                        AGGREGATION_FUNCTION,
                        GROUPING),
                pair(
                        "COUNT(*) for COUNT(DISTINCT customer_id): DISTINCT and the argument",
                        "SELECT count(DISTINCT customer_id) FROM orders WHERE order_date >= '2024-01-01'",
                        "SELECT count(*) FROM orders WHERE order_date >= '2024-01-01'",
                        AGGREGATION_DISTINCT,
                        AGGREGATION_ARGUMENT),
                pair(
                        "a linking table left out and the other two joined directly",
                        "SELECT T3.name FROM singer_in_concert AS T1 JOIN concert AS T2 ON T1.concert_id = T2.concert_id JOIN singer AS T3 ON T1.singer_id = T3.singer_id WHERE T2.year = 2014",
                        "SELECT T3.name FROM concert AS T2 JOIN singer AS T3 ON T2.concert_id = T3.singer_id WHERE T2.year = 2014",
                        TABLE_MISSING,
                        JOIN_CONDITION),
                pair(
                        "another table in place of a joined one, joined on another key",
                        "SELECT c.name FROM customers c JOIN orders o ON o.customer_id = c.customer_id WHERE o.status = 'shipped'",
                        "SELECT c.name FROM customers c JOIN order_items oi ON oi.order_id = c.customer_id WHERE oi.status = 'shipped'",
                        TABLE_WRONG,
                        JOIN_CONDITION),
                pair(
                        "HAVING kept, ORDER BY's direction lost, a DISTINCT added",
                        "SELECT d.name, avg(e.salary) FROM departments d JOIN employees e ON e.department_id = d.department_id GROUP BY d.name HAVING count(*) > 5 ORDER BY avg(e.salary) DESC",
                        "SELECT DISTINCT d.name, avg(e.salary) FROM departments d JOIN employees e ON e.department_id = d.department_id GROUP BY d.name HAVING count(*) > 5 ORDER BY avg(e.salary)",
                        AGGREGATION_DISTINCT,
                        ORDERING),
                pair(
                        "CROSS JOIN for a join with a condition",
                        "SELECT c.name, o.order_id FROM customers c JOIN orders o ON o.customer_id = c.customer_id",
                        "SELECT c.name, o.order_id FROM customers c CROSS JOIN orders o",
                        JOIN_KIND,
                        JOIN_CONDITION),
                pair(
                        "another table and a condition on another column",
                        "SELECT count(*) FROM orders WHERE status = 'shipped'",
                        "SELECT count(*) FROM order_items WHERE quantity > 1",
                        TABLE_WRONG,
                        FILTER_MISSING,
                        FILTER_EXTRA),
                pair(
                        "dates: the end of a BETWEEN and a status's case",
                        "SELECT count(*) FROM orders WHERE status = 'shipped' AND order_date BETWEEN '2024-01-01' AND '2024-12-31'",
                        "SELECT count(*) FROM orders WHERE status = 'Shipped' AND order_date BETWEEN '2024-01-01' AND '2024-06-30'",
                        FILTER_CONSTANT),
                pair(
                        "ORDER BY with LIMIT for a MAX subquery",
                        "SELECT name FROM singer ORDER BY age DESC LIMIT 1",
                        "SELECT name FROM singer WHERE age = (SELECT max(age) FROM singer)",
                        ORDERING,
                        LIMIT,
                        NESTING),
                pair(
                        "a MIN subquery for ORDER BY with LIMIT (Spider's singer question)",
                        "SELECT song_name, song_release_year FROM singer ORDER BY age LIMIT 1",
                        "SELECT song_name, song_release_year FROM singer WHERE age = (SELECT min(age) FROM singer)",
                        ORDERING,
                        LIMIT,
                        NESTING));
    }

    static Stream<Case> subqueriesAndSetOperations() {
        return Stream.of(
                pair(
                        "MAX for AVG inside a scalar subquery",
                        "SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)",
                        "SELECT name FROM singer WHERE age > (SELECT max(age) FROM singer)",
                        AGGREGATION_FUNCTION),
                pair(
                        "another year inside an IN subquery",
                        "SELECT name FROM stadium WHERE stadium_id IN (SELECT stadium_id FROM concert WHERE year = 2014)",
                        "SELECT name FROM stadium WHERE stadium_id IN (SELECT stadium_id FROM concert WHERE year = 2015)",
                        FILTER_CONSTANT),
                pair(
                        "NOT IN for IN",
                        "SELECT count(*) FROM student WHERE stuid NOT IN (SELECT stuid FROM has_pet)",
                        "SELECT count(*) FROM student WHERE stuid IN (SELECT stuid FROM has_pet)",
                        FILTER_OPERATOR),
                pair(
                        "= for IN before a subquery",
                        "SELECT name FROM employees WHERE department_id IN (SELECT department_id FROM departments WHERE location_id = 7)",
                        "SELECT name FROM employees WHERE department_id = (SELECT department_id FROM departments WHERE location_id = 7)",
                        FILTER_OPERATOR),
                pair(
                        "> for = two subqueries deep",
                        "SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert WHERE concert_id IN (SELECT concert_id FROM concert WHERE year = 2014))",
                        "SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert WHERE concert_id IN (SELECT concert_id FROM concert WHERE year > 2014))",
                        FILTER_OPERATOR),
                pair(
                        "the subquery selects another column",
                        "SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert)",
                        "SELECT name FROM singer WHERE singer_id IN (SELECT concert_id FROM singer_in_concert)",
                        PROJECTION_COLUMNS),
                pair(
                        "a condition added inside the subquery",
                        "SELECT first_name, last_name FROM employees WHERE salary > (SELECT avg(salary) FROM employees)",
                        "SELECT first_name, last_name FROM employees WHERE salary > (SELECT avg(salary) FROM employees WHERE department_id = 3)",
                        FILTER_EXTRA),
                pair(
                        "NOT EXISTS for EXISTS",
                        "SELECT c.name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id)",
                        "SELECT c.name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.customer_id)",
                        FILTER_OPERATOR),
                pair(
                        "EXISTS for IN, with another status inside",
                        "SELECT c.name FROM customers c WHERE c.customer_id IN (SELECT customer_id FROM orders WHERE status = 'shipped')",
                        "SELECT c.name FROM customers c WHERE EXISTS (SELECT * FROM orders o WHERE o.customer_id = c.customer_id AND o.status = 'delivered')",
                        FILTER_CONSTANT),
                pair(
                        "grouped by another column inside a derived table",
                        "SELECT avg(cnt) FROM (SELECT count(*) AS cnt FROM employees GROUP BY department_id) t",
                        "SELECT avg(cnt) FROM (SELECT count(*) AS cnt FROM employees GROUP BY manager_id) AS sub",
                        GROUPING),
                pair(
                        "another bound in the second query of a UNION",
                        "SELECT name FROM singer WHERE age > 40 UNION SELECT name FROM singer WHERE age < 30",
                        "SELECT name FROM singer WHERE age > 40 UNION SELECT name FROM singer WHERE age < 20",
                        FILTER_CONSTANT),
                pair(
                        "INTERSECT for EXCEPT, another column in the second query",
                        "SELECT name FROM stadium EXCEPT SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2014",
                        "SELECT name FROM stadium INTERSECT SELECT T2.location FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2014",
                        SET_OPERATION,
                        PROJECTION_COLUMNS),
                pair(
                        "NOT IN subquery for EXCEPT of a join",
                        "SELECT name FROM stadium EXCEPT SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2014",
                        "SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert WHERE year = 2014)",
                        SET_OPERATION,
                        NESTING),
                pair(
                        "ORDER BY of a whole UNION left out",
                        "SELECT name FROM customers WHERE country = 'France' UNION SELECT name FROM customers WHERE country = 'Spain' ORDER BY name",
                        "SELECT name FROM customers WHERE country = 'France' UNION SELECT name FROM customers WHERE country = 'Spain'",
                        ORDERING),
                pair(
                        "the subquery tested against another column",
                        "SELECT name FROM employees WHERE department_id IN (SELECT department_id FROM departments WHERE location_id = 7)",
                        "SELECT name FROM employees WHERE manager_id IN (SELECT department_id FROM departments WHERE location_id = 7)",
                        FILTER_MISSING,
                        FILTER_EXTRA),
                pair(
                        "one query for a UNION of two ordered, limited queries",
                        "(SELECT name FROM singer ORDER BY age LIMIT 1) UNION (SELECT name FROM singer ORDER BY age DESC LIMIT 1)",
                        "SELECT name FROM singer ORDER BY age LIMIT 1",
                        SET_OPERATION),
                pair(
                        "a subquery condition the gold does not have",
                        "SELECT name FROM products WHERE category = 'Toys'",
                        "SELECT name FROM products WHERE category = 'Toys' AND price > (SELECT avg(price) FROM products)",
                        NESTING));
    }

    static Stream<Case> unreadableAndFailing() {
        return Stream.of(
                pair(
                        "a gold the parser cannot read",
                        "SELECT name FROM singer WHERE",
                        "SELECT name FROM singer",
                        OTHER),
                pair(
                        "a prediction in SQLite's GLOB, which the parser cannot read, on the same table",
                        "SELECT name FROM singer WHERE name LIKE 'A%'",
                        "SELECT name FROM singer WHERE name GLOB 'A*'",
                        OTHER),
                pair(
                        "an unreadable prediction still tells its table apart",
                        "SELECT name FROM singer",
                        "SELECT name FROM singers WHERE name GLOB 'A*'",
                        TABLE_WRONG,
                        OTHER),
                pair("an empty prediction", "SELECT name FROM singer", "", OTHER),
                failed(
                        "PostgreSQL: an unknown column",
                        "SELECT name FROM singer",
                        "SELECT nme FROM singer",
                        "ERROR: column \"nme\" does not exist\n  Position: 8",
                        "42703",
                        ERROR,
                        PROJECTION_COLUMNS),
                failed(
                        "SQLite: an unknown table",
                        "SELECT name FROM singer",
                        "SELECT name FROM singers",
                        "no such table: singers",
                        null,
                        ERROR,
                        TABLE_WRONG),
                failed(
                        "SQLite: a joined table left out, its column asked of the table that is left",
                        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.year = 2014",
                        "SELECT name FROM singer WHERE year = 2014",
                        "no such column: year",
                        null,
                        ERROR,
                        TABLE_MISSING),
                failed(
                        "SQLite: a syntax error the parser cannot read either",
                        "SELECT name FROM singer WHERE age > 30",
                        "SELECT name FROM singer WHERE age >",
                        "incomplete input",
                        null,
                        ERROR),
                failed(
                        "PostgreSQL: a syntax error",
                        "SELECT first_name FROM employees",
                        "SELECT first_name, FROM employees",
                        "ERROR: syntax error at or near \"FROM\"",
                        "42601",
                        ERROR),
                failed(
                        "PostgreSQL: a string for an integer",
                        "SELECT name FROM customers WHERE customer_id = 5",
                        "SELECT name FROM customers WHERE customer_id = 'abc'",
                        "ERROR: invalid input syntax for type integer: \"abc\"",
                        "22P02",
                        ERROR,
                        FILTER_CONSTANT),
                failed(
                        "PostgreSQL: an ambiguous column, otherwise the gold",
                        "SELECT e.first_name, d.name FROM employees e JOIN departments d ON e.department_id = d.department_id",
                        "SELECT first_name, name FROM employees e JOIN departments d ON e.department_id = d.department_id",
                        "ERROR: column reference \"name\" is ambiguous",
                        "42702",
                        ERROR),
                failed(
                        "PostgreSQL: an unknown relation",
                        "SELECT count(*) FROM employees",
                        "SELECT count(*) FROM employee",
                        "ERROR: relation \"employee\" does not exist",
                        "42P01",
                        ERROR,
                        TABLE_WRONG),
                failed(
                        "PostgreSQL: text compared with a number",
                        "SELECT name FROM products WHERE price > 10",
                        "SELECT name FROM products WHERE name > 10",
                        "ERROR: operator does not exist: text > integer",
                        "42883",
                        ERROR,
                        FILTER_MISSING,
                        FILTER_EXTRA),
                failed(
                        "a failed prediction whose gold the parser cannot read",
                        "SELECT name FROM singer WHERE",
                        "SELECT nme FROM singer",
                        "no such column: nme",
                        null,
                        ERROR));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("equivalentRewrites")
    void equivalentRewritesGiveNothing(Case c) {
        check(c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("singleDifferences")
    void eachCategoryOnItsOwn(Case c) {
        check(c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("severalDifferences")
    void severalDifferencesAtOnce(Case c) {
        check(c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subqueriesAndSetOperations")
    void insideSubqueriesAndSetOperations(Case c) {
        check(c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unreadableAndFailing")
    void unreadableQueriesAndFailedPredictions(Case c) {
        check(c);
    }

    @Test
    void explanationsSayWhatDiffers() {
        assertThat(
                        ErrorCategories.classify(
                                "SELECT name FROM singer WHERE country = 'France'",
                                "SELECT name FROM singer WHERE country = 'france'",
                                null,
                                null))
                .containsExactly(
                        new ErrorCategory(
                                FILTER_CONSTANT,
                                "the prediction compares country with 'france', the gold with 'France'"));
        List<ErrorCategory> failed =
                ErrorCategories.classify(
                        "SELECT name FROM singer",
                        "SELECT nme FROM singer",
                        "ERROR: column \"nme\" does not exist",
                        "42703");
        assertThat(failed)
                .extracting(ErrorCategory::name)
                .containsExactly(PROJECTION_COLUMNS, ERROR);
        assertThat(failed.get(0).explanation()).contains("name").contains("nme");
        assertThat(failed.get(1).explanation()).startsWith("unknown_column: ");
        assertThat(
                        ErrorCategories.classify(
                                "SELECT name FROM singer WHERE", "SELECT 1", null, null))
                .as("what a lexical reading still tells, then why the comparison stopped there")
                .extracting(ErrorCategory::explanation)
                .containsExactly(
                        "the prediction does not read singer",
                        "the gold could not be parsed: Encountered unexpected token: \"WHERE\""
                                + " \"WHERE\"");
    }

    @Test
    void errorClassesFromPostgresAndSqlite() {
        assertThat(ErrorCategories.errorClass("syntax error at or near \"FROM\"", "42601"))
                .isEqualTo("syntax");
        assertThat(ErrorCategories.errorClass("near \"FROM\": syntax error", null))
                .isEqualTo("syntax");
        assertThat(ErrorCategories.errorClass("unrecognized token: \"'abc\"", null))
                .isEqualTo("syntax");
        assertThat(ErrorCategories.errorClass("relation \"employee\" does not exist", "42P01"))
                .isEqualTo("unknown_table");
        assertThat(
                        ErrorCategories.errorClass(
                                "missing FROM-clause entry for table \"t3\"", "42P01"))
                .isEqualTo("unknown_table");
        assertThat(ErrorCategories.errorClass("no such table: singers", null))
                .isEqualTo("unknown_table");
        assertThat(ErrorCategories.errorClass("column t1.nme does not exist", "42703"))
                .isEqualTo("unknown_column");
        assertThat(ErrorCategories.errorClass("no such column: T2.nme", null))
                .isEqualTo("unknown_column");
        assertThat(ErrorCategories.errorClass("column reference \"id\" is ambiguous", "42702"))
                .isEqualTo("ambiguous_column");
        assertThat(ErrorCategories.errorClass("ambiguous column name: name", null))
                .isEqualTo("ambiguous_column");
        assertThat(
                        ErrorCategories.errorClass(
                                "invalid input syntax for type integer: \"x\"", "22P02"))
                .as("not a syntax error, though the message says syntax")
                .isEqualTo("type");
        assertThat(ErrorCategories.errorClass("operator does not exist: text = integer", "42883"))
                .isEqualTo("type");
        assertThat(
                        ErrorCategories.errorClass(
                                "argument of WHERE must be type boolean, not type integer",
                                "42804"))
                .isEqualTo("type");
        assertThat(
                        ErrorCategories.errorClass(
                                "function strftime(unknown, date) does not exist", "42883"))
                .isEqualTo("type");
        assertThat(ErrorCategories.errorClass("no such function: YEAR", "42883"))
                .as("SQLite's message decides over the SQLSTATE sqlexam gave it")
                .isEqualTo("other");
        assertThat(ErrorCategories.errorClass("division by zero", "22012")).isEqualTo("other");
        assertThat(
                        ErrorCategories.errorClass(
                                "column \"name\" must appear in the GROUP BY clause or be used in an aggregate function",
                                "42803"))
                .isEqualTo("other");
        assertThat(ErrorCategories.errorClass(null, null)).isEqualTo("other");
        assertThat(ErrorCategories.ERROR_CLASSES)
                .containsExactly(
                        "syntax",
                        "unknown_table",
                        "unknown_column",
                        "ambiguous_column",
                        "type",
                        "other");
    }

    @Test
    void namesComeInTheirOrderEachWithADescription() {
        assertThat(ErrorCategories.NAMES)
                .containsExactly(
                        "table_missing",
                        "table_extra",
                        "table_wrong",
                        "join_kind",
                        "join_condition",
                        "filter_missing",
                        "filter_extra",
                        "filter_operator",
                        "filter_constant",
                        "aggregation_function",
                        "aggregation_distinct",
                        "aggregation_argument",
                        "grouping",
                        "having",
                        "ordering",
                        "limit",
                        "projection_columns",
                        "projection_count",
                        "projection_order",
                        "set_operation",
                        "nesting",
                        "error",
                        "other");
        assertThat(ErrorCategories.DESCRIPTIONS.keySet())
                .containsExactlyElementsOf(ErrorCategories.NAMES);
        assertThat(ErrorCategories.DESCRIPTIONS.values())
                .allSatisfy(d -> assertThat(d).isNotBlank().doesNotContain("\n"));
        List<ErrorCategory> found =
                ErrorCategories.classify(
                        "SELECT name FROM singer WHERE country = 'France' ORDER BY age DESC LIMIT 1",
                        "SELECT name, age FROM singer WHERE country = 'france' ORDER BY age",
                        null,
                        null);
        assertThat(found.stream().map(ErrorCategory::name).toList())
                .as("in NAMES' order, each once")
                .containsExactly(FILTER_CONSTANT, ORDERING, LIMIT, PROJECTION_COUNT);
    }

    @Test
    void neverThrowsAndSaysWhatItCouldNotRead() {
        List<String> odd =
                List.of(
                        "",
                        "   ",
                        ";",
                        "DROP TABLE singer",
                        "SELECT",
                        "SELECT 'unclosed",
                        "WITH t AS (SELECT 1) SELECT * FROM t",
                        "VALUES (1, 2)",
                        "SELECT * FROM generate_series(1, 3)",
                        "SELECT name FROM singer WHERE name = 'ü' -- comment",
                        "SELECT a FROM t1 NATURAL JOIN t2 WHERE x IS DISTINCT FROM y");
        for (String gold : odd)
            for (String predicted : odd) {
                assertThat(ErrorCategories.classify(gold, predicted, null, null)).isNotNull();
                assertThat(ErrorCategories.classify(gold, predicted, "boom", "XX000"))
                        .extracting(ErrorCategory::name)
                        .contains(ERROR);
            }
        String deep = "SELECT " + "(".repeat(3000) + "1" + ")".repeat(3000);
        assertThat(ErrorCategories.classify(deep, "SELECT 1", null, null))
                .extracting(ErrorCategory::name)
                .containsExactly(OTHER);
        assertThat(ErrorCategories.classify(null, null, null, null))
                .extracting(ErrorCategory::name)
                .containsExactly(OTHER);
        assertThat(
                        ErrorCategories.classify("DROP TABLE singer", "SELECT 1", null, null)
                                .get(0)
                                .explanation())
                .contains("not a SELECT");
    }

    @Test
    void fastAndTheSameEveryTime() {
        List<Case> all = allCases().toList();
        List<List<ErrorCategory>> first = all.stream().map(ErrorCategoriesTest::classify).toList();
        for (int warm = 0; warm < 3; warm++) all.forEach(ErrorCategoriesTest::classify);
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int rounds = 3;
        long start = os.getProcessCpuTime();
        for (int round = 0; round < rounds; round++)
            assertThat(all.stream().map(ErrorCategoriesTest::classify).toList()).isEqualTo(first);
        double millisPerPair = (os.getProcessCpuTime() - start) / 1e6 / (rounds * all.size());
        assertThat(millisPerPair)
                .as("CPU time per pair (the process's: the parser runs on a pool thread)")
                .isLessThan(10.0);
    }

    @Test
    void categoriesAreJsonInSnakeCase() throws Exception {
        ErrorCategory category =
                new ErrorCategory(LIMIT, "the gold has LIMIT 1, the prediction no LIMIT");
        String json = Json.write(category);
        assertThat(json)
                .isEqualTo(
                        "{\"name\":\"limit\",\"explanation\":\"the gold has LIMIT 1, the prediction no LIMIT\"}");
        assertThat(Json.MAPPER.readValue(json, ErrorCategory.class)).isEqualTo(category);
    }

    static Stream<Case> allCases() {
        return Stream.of(
                        equivalentRewrites(),
                        singleDifferences(),
                        severalDifferences(),
                        subqueriesAndSetOperations(),
                        unreadableAndFailing())
                .flatMap(s -> s);
    }

    @Test
    void atLeastEightyHandWrittenPairs() {
        assertThat(allCases().count()).isGreaterThanOrEqualTo(80);
    }
}
