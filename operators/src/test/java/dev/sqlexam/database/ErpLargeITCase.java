package dev.sqlexam.database;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** erp_large: the scale-out ERP that retrieval and join planning are measured on. */
class ErpLargeITCase {

    private static ErpLargeBuilder.Report first;

    @BeforeAll
    static void build() {
        first =
                new ErpLargeBuilder(TestDatabase.migrated(), TestDatabase.migrationsDir())
                        .build(d -> {});
    }

    private static long scalar(String sql) throws SQLException {
        try (Connection c =
                        DriverManager.getConnection(
                                TestDatabase.admin().forDatabase(ErpLargeBuilder.DATABASE));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void hasTheScaleTheSeedsRunAt() {
        assertThat(first.tables()).isGreaterThanOrEqualTo(2_300);
        assertThat(first.foreignKeys()).isGreaterThan(3_000);
    }

    @Test
    void divisionsRepeatAndVaryTheModules() throws SQLException {
        assertThat(scalar("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'div\\_%'"))
                .isEqualTo(ErpLargeBuilder.DIVISIONS);
        long smallest =
                scalar(
                        """
                SELECT min(n) FROM (SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
                WHERE c.relkind = 'r' AND s.nspname LIKE 'div\\_%' GROUP BY s.nspname) t""");
        long largest =
                scalar(
                        """
                SELECT max(n) FROM (SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
                WHERE c.relkind = 'r' AND s.nspname LIKE 'div\\_%' GROUP BY s.nspname) t""");
        assertThat(largest).as("divisions differ").isGreaterThan(smallest);
        assertThat(
                        scalar(
                                """
                SELECT min(n) FROM (SELECT ch.relnamespace, count(*) AS n FROM pg_constraint c
                  JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class p ON p.oid = c.confrelid
                  WHERE c.contype = 'f' AND ch.relnamespace = p.relnamespace
                    AND ch.relnamespace::regnamespace::text LIKE 'div\\_%' GROUP BY ch.relnamespace) t"""))
                .as("every division keeps its own join graph")
                .isGreaterThanOrEqualTo(50);
        assertThat(
                        scalar(
                                """
                SELECT count(*) FROM pg_constraint c JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class p ON p.oid = c.confrelid
                WHERE c.contype = 'f' AND ch.relnamespace::regnamespace::text LIKE 'div\\_%' AND p.relnamespace = 'public'::regnamespace"""))
                .as("a division without a module points at the shared tables")
                .isPositive();
        assertThat(scalar("SELECT count(*) FROM div_01.employees")).isEqualTo(25);
        assertThat(
                        scalar(
                                """
                SELECT count(*) FROM pg_class c WHERE c.relnamespace = 'div_01'::regnamespace AND c.relkind = 'r'
                  AND obj_description(c.oid, 'pg_class') IS NOT NULL"""))
                .isGreaterThan(60);
    }

    @Test
    void itsSharedTablesHoldTheRowsOfErpWhoseForeignKeysWereChecked() throws SQLException {
        Map<String, Long> erp = rowCounts("erp");
        assertThat(erp).hasSizeGreaterThan(80);
        assertThat(rowCounts(ErpLargeBuilder.DATABASE))
                .as("loaded without the row-by-row checks, the same rows as erp")
                .isEqualTo(erp);
    }

    /** Every table of {@code public} in {@code database} with its rows. */
    private static Map<String, Long> rowCounts(String database) throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection c =
                        DriverManager.getConnection(TestDatabase.admin().forDatabase(database));
                Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")) {
                while (rs.next()) tables.add(rs.getString(1));
            }
            for (String table : tables) {
                try (ResultSet rs =
                        st.executeQuery("SELECT count(*) FROM public.\"" + table + "\"")) {
                    rs.next();
                    counts.put(table, rs.getLong(1));
                }
            }
        }
        return counts;
    }

    @Test
    void aSecondBuildChangesNothing() {
        ErpLargeBuilder.Report again =
                new ErpLargeBuilder(TestDatabase.admin(), TestDatabase.migrationsDir())
                        .build(d -> {});
        assertThat(again.rebuilt()).isFalse();
        assertThat(again.tables()).isEqualTo(first.tables());
    }
}
