package dev.sqlexam.database;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ERP database as the migrations build it: structure, documentation, and deterministic data.
 */
class ErpDatabaseITCase {

    private static Connection erp;

    @BeforeAll
    static void connect() throws SQLException {
        erp = DriverManager.getConnection(TestDatabase.migrated().forDatabase("erp"));
    }

    @AfterAll
    static void close() throws SQLException {
        erp.close();
    }

    private static long scalar(String sql) throws SQLException {
        try (Statement st = erp.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void hasTheStructureOfARealErp() throws SQLException {
        assertThat(
                        scalar(
                                "SELECT count(*) FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace"))
                .isBetween(80L, 90L);
        assertThat(
                        scalar(
                                "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace"))
                .isGreaterThanOrEqualTo(150);
        assertThat(
                        scalar(
                                "SELECT count(*) FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace"))
                .isGreaterThanOrEqualTo(50);
        assertThat(
                        scalar(
                                """
                SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conrelid = 'employees'::regclass
                  AND confrelid = 'employees'::regclass"""))
                .as("employees.manager_id self-reference")
                .isEqualTo(1);
        assertThat(
                        scalar(
                                """
                SELECT max(n) FROM (SELECT confrelid, count(*) AS n FROM pg_constraint WHERE contype = 'f'
                  AND connamespace = 'public'::regnamespace GROUP BY confrelid) hubs"""))
                .as("a hub table")
                .isGreaterThan(20);
    }

    @Test
    void mostButNotAllTablesAndColumnsAreDocumented() throws SQLException {
        long tables =
                scalar(
                        "SELECT count(*) FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace");
        long documented =
                scalar(
                        """
                SELECT count(*) FROM pg_class c WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
                  AND obj_description(c.oid, 'pg_class') IS NOT NULL""");
        assertThat(documented).isGreaterThan(tables * 9 / 10).isLessThan(tables);
        long columns =
                scalar(
                        """
                SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
                WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped""");
        long documentedColumns =
                scalar(
                        """
                SELECT count(col_description(a.attrelid, a.attnum)) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
                WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped""");
        assertThat(documentedColumns).isGreaterThan(columns * 7 / 10).isLessThan(columns);
    }

    @Test
    void theTrapsTheSeedsDescribeAreThere() throws SQLException {
        assertThat(
                        scalar(
                                "SELECT count(*) FROM information_schema.columns WHERE table_name = 'order_lines' AND column_name = 'order_date"
                                        + "'"))
                .as("order_date lives on sales_orders only")
                .isZero();
        assertThat(
                        scalar(
                                "SELECT count(*) FROM information_schema.columns WHERE table_name = 'sales_orders' AND column_name = 'order_date'"))
                .isEqualTo(1);
        assertThat(
                        scalar(
                                """
                SELECT count(*) FROM pg_constraint WHERE contype = 'f'
                  AND (conrelid = 'sales_regions'::regclass AND confrelid IN ('sales_orders'::regclass, 'customers'::regclass)
                    OR confrelid = 'sales_regions'::regclass)"""))
                .as("sales_regions is linked to nothing sales-related")
                .isZero();
        assertThat(
                        scalar(
                                "SELECT count(*) FROM information_schema.columns WHERE table_name = 'vendors' AND column_name IN ('vendor_name', 'vendor_number')"))
                .isEqualTo(2);
    }

    @Test
    void moduleMappingCoversEveryTable() throws Exception {
        JsonNode mapping =
                Json.MAPPER.readTree(
                        TestDatabase.migrationsDir().resolve("erp/module_mapping.json").toFile());
        assertThat(mapping.get("modules").size()).isEqualTo(8);
        Set<String> mapped = new HashSet<>();
        mapping.get("tables").fieldNames().forEachRemaining(mapped::add);
        Set<String> tables = new HashSet<>();
        try (Statement st = erp.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace")) {
            while (rs.next()) tables.add(rs.getString(1));
        }
        assertThat(mapped).isEqualTo(tables);
        mapping.get("modules").forEach(m -> assertThat(m.get("description").asText()).isNotBlank());
    }

    @ParameterizedTest(name = "{0}: {2} rows")
    @CsvSource({
        "employees, employee_id, 3000, 11ab7112490b0e198780e923a38d6483",
        "salary_history, salary_id, 9049, f53364c7120920948a7f22fb6c279c76",
        "sales_orders, sales_order_id, 50000, 95b44f397ca09b5c2b08fbc690e93ef4",
        "order_lines, order_line_id, 249955, e5af2bdc5267ca6cf55ab775d4490b48",
        "products, product_id, 2500, bfdf7dc7767d957f0b13dda66637ca58",
        "journal_lines, je_line_id, 55960, 2a43dfa9553b5a7f1215b69150ce2c71",
        "timesheets, timesheet_id, 60527, d8f0be2c9b726a3831ce91db561cb7a5",
        "production_orders, prod_order_id, 8000, 1ef8f67d2f800992ef76f156e5306422",
    })
    void dataIsTheSameOnEveryBuild(String table, String key, long rows, String md5)
            throws SQLException {
        assertThat(scalar("SELECT count(*) FROM " + table)).isEqualTo(rows);
        try (Statement st = erp.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT md5(string_agg(t::text, '|' ORDER BY "
                                        + key
                                        + ")) FROM "
                                        + table
                                        + " t")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo(md5);
        }
    }

    @Test
    void aggregatesHaveSomethingToSay() throws SQLException {
        Map<String, Long> facts =
                Map.of(
                        "SELECT count(DISTINCT extract(year FROM order_date)) FROM sales_orders",
                                4L,
                        "SELECT count(*) FROM employees WHERE termination_date IS NOT NULL", 441L);
        for (var fact : facts.entrySet())
            assertThat(scalar(fact.getKey())).as(fact.getKey()).isEqualTo(fact.getValue());
        assertThat(scalar("SELECT count(*) FROM order_lines")).isGreaterThan(200_000);
        assertThat(scalar("SELECT count(*) FROM employees WHERE email IS NULL"))
                .as("NULLs where real data has them")
                .isPositive();
    }
}
