package dev.sqlexam.suite;

import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rows {@link RowInserts} keeps, written out by hand: a row whose key an earlier row holds is
 * left out and the rows after it kept, a row a check refuses is mended beside them, and a
 * deferrable key (checked at the statement's end) refuses rows as an immediate one does; values an
 * array literal quotes (quotes, backslashes, braces, the text NULL) and NULLs arrive as written.
 */
class RowInsertsITCase {

    private static final String DB = SuiteDatabase.PREFIX + "ut_row_inserts";
    private static StateDatabase state;

    @BeforeAll
    static void create() throws Exception {
        state = TestDatabase.state();
        SuiteDatabase.create(state.server(), DB);
    }

    @AfterAll
    static void drop() throws Exception {
        SuiteDatabase.drop(state.server(), DB);
    }

    @Test
    void rowsWhoseKeyIsTakenAreLeftOutAndTheOthersKeptInOrder() throws Exception {
        List<String[]> rows =
                rows("1,ann,5", "2,bob,5", "1,cid,5", "3,bob,5", "4,dan,5", "4,dan,5", "5,eve,5");
        assertThat(inserted("t_keys", "UNIQUE (name)", rows, false))
                .containsExactly("1,ann,5", "2,bob,5", "4,dan,5", "5,eve,5");
        assertThat(stored("t_keys")).containsExactly("1,ann,5", "2,bob,5", "4,dan,5", "5,eve,5");
    }

    @Test
    void aRowACheckRefusesIsMendedBesideRowsWhoseKeyIsTaken() throws Exception {
        // the check (n < 10) refuses 2,bob,50; mended, it is 2,bob,9
        List<String[]> rows = rows("1,ann,5", "1,cid,5", "2,bob,50", "3,ann,5", "4,dan,5");
        assertThat(inserted("t_check", "UNIQUE (name)", rows, true))
                .containsExactly("1,ann,5", "2,bob,9", "4,dan,5");
        assertThat(stored("t_check")).containsExactly("1,ann,5", "2,bob,9", "4,dan,5");
    }

    @Test
    void aDeferrableKeyStillLeavesOutTheRowsThatTakeIt() throws Exception {
        List<String[]> rows = rows("1,ann,5", "2,ann,5", "3,bob,5");
        assertThat(
                        inserted(
                                "t_deferrable",
                                "UNIQUE (name) DEFERRABLE INITIALLY IMMEDIATE",
                                rows,
                                false))
                .containsExactly("1,ann,5", "3,bob,5");
        assertThat(stored("t_deferrable")).containsExactly("1,ann,5", "3,bob,5");
    }

    @Test
    void valuesAnArrayLiteralWouldQuoteArriveAsWrittenAndInOrder() throws Exception {
        String[][] values = {
            {"3", "NULL", "{1,2}"},
            {"1", null, null},
            {"2", "", "{}"},
            {"7", "a \"quoted\", {braced} value", "{3}"},
            {"5", "back\\slash\\", "{NULL,4}"},
            {"4", "  spaced \t\n", "{5,6}"},
            {"6", "ünï, çødé ✓", null}
        };
        List<String[]> rows = List.of(values);
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(DB))) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE t_text (id int PRIMARY KEY, s text, a int[])");
            }
            SuiteSchema.Table t = SuiteSchemaReader.read(c).table("t_text");
            c.setAutoCommit(false);
            assertThat(RowInserts.insert(c, t, rows)).hasSize(values.length);
            c.commit();
            List<String[]> stored = new ArrayList<>();
            try (Statement st = c.createStatement();
                    ResultSet rs =
                            st.executeQuery("SELECT id, s, a::text FROM t_text ORDER BY ctid")) {
                while (rs.next())
                    stored.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
            }
            // int[] comes back in its canonical text
            assertThat(stored)
                    .containsExactly(
                            new String[] {"3", "NULL", "{1,2}"},
                            new String[] {"1", null, null},
                            new String[] {"2", "", "{}"},
                            new String[] {"7", "a \"quoted\", {braced} value", "{3}"},
                            new String[] {"5", "back\\slash\\", "{NULL,4}"},
                            new String[] {"4", "  spaced \t\n", "{5,6}"},
                            new String[] {"6", "ünï, çødé ✓", null});
        }
    }

    private static List<String> inserted(
            String table, String key, List<String[]> rows, boolean mend) throws Exception {
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(DB))) {
            try (Statement st = c.createStatement()) {
                st.execute(
                        "CREATE TABLE "
                                + table
                                + " (id int PRIMARY KEY, name text NOT NULL, n int NOT NULL CHECK (n < 10), "
                                + key
                                + ")");
            }
            SuiteSchema.Table t = SuiteSchemaReader.read(c).table(table);
            c.setAutoCommit(false);
            List<String[]> kept =
                    RowInserts.insert(
                            c, t, rows, mend ? r -> new String[] {r[0], r[1], "9"} : r -> null);
            c.commit();
            return kept.stream().map(r -> String.join(",", r)).toList();
        }
    }

    private static List<String> stored(String table) throws Exception {
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(DB));
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT id, name, n FROM " + table + " ORDER BY id")) {
            List<String> out = new ArrayList<>();
            while (rs.next()) out.add(rs.getInt(1) + "," + rs.getString(2) + "," + rs.getInt(3));
            return out;
        }
    }

    private static List<String[]> rows(String... rows) {
        List<String[]> out = new ArrayList<>();
        for (String r : rows) out.add(r.split(","));
        return out;
    }
}
