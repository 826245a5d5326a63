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
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A suite database filled from a schema whose table references itself and has a check that refuses
 * many generated rows (a ≤ b across two columns): rows whose parent row was refused must not be
 * left pointing at it, or the suite database loses its foreign key and evidence shrunk from it does
 * not load into the real schema.
 */
class SuiteFillITCase {

    private static final String SOURCE = SuiteDatabase.PREFIX + "ut_fill_source";
    private static final String FILLED = SuiteDatabase.PREFIX + "ut_fill_suite";
    private static final String SCRATCH = SuiteDatabase.PREFIX + "ut_fill_scratch";
    private static final RowGenerator.Profile PROFILE =
            new RowGenerator.Profile(60, 0.05, 0.2, 0.1);
    private static StateDatabase state;
    private static SuiteSchema schema;

    @BeforeAll
    static void source() throws Exception {
        state = TestDatabase.state();
        SuiteDatabase.create(state.server(), SOURCE);
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(SOURCE));
                Statement st = c.createStatement()) {
            st.execute(
                    "CREATE TABLE staff (id int PRIMARY KEY, boss int REFERENCES staff (id), a int NOT NULL, b int NOT NULL, CHECK (a <= b))");
            st.execute(
                    "CREATE TABLE desk (id int PRIMARY KEY, owner int NOT NULL REFERENCES staff (id), chief int NOT NULL REFERENCES desk (id), "
                            + "x int NOT NULL, y int NOT NULL, CHECK (x <= y))");
            schema = SuiteSchemaReader.read(c);
        }
    }

    @AfterAll
    static void drop() throws Exception {
        for (String db : List.of(SOURCE, FILLED, SCRATCH)) SuiteDatabase.drop(state.server(), db);
    }

    @Test
    void rowsWhoseOwnParentRowWasRefusedAreMendedAndEveryForeignKeyHolds() throws Exception {
        for (long seed = 1; seed <= 4; seed++) {
            SuiteDatabase.drop(state.server(), FILLED);
            SuiteDatabase.create(state.server(), FILLED);
            SuiteDatabase.Filled filled =
                    SuiteDatabase.fill(
                            state.server(),
                            FILLED,
                            schema,
                            Map.of(),
                            GoldConstants.of(List.of()),
                            PROFILE,
                            seed);
            assertThat(filled.notes())
                    .as("seed " + seed)
                    .noneMatch(n -> n.contains("foreign key") || n.contains("violates"));
            try (Connection c = DriverManager.getConnection(state.server().forDatabase(FILLED));
                    Statement st = c.createStatement()) {
                try (ResultSet rs =
                        st.executeQuery("SELECT count(*) FROM pg_constraint WHERE contype = 'f'")) {
                    rs.next();
                    assertThat(rs.getInt(1))
                            .as("foreign keys of the filled database, seed " + seed)
                            .isEqualTo(3);
                }
                try (ResultSet rs =
                        st.executeQuery(
                                "SELECT (SELECT count(*) FROM staff), (SELECT count(*) FROM desk)")) {
                    rs.next();
                    assertThat(rs.getInt(1)).as("staff rows").isPositive();
                    assertThat(rs.getInt(2)).as("desk rows").isPositive();
                }
            }
            assertThat(filled.rows().get(schema.table("staff").qualified())).isNotEmpty();
        }
    }

    /**
     * A candidate reloaded into the scratch database holds exactly the rows the suite database of
     * its seed gets: none of the candidate before it is left (reload deletes rather than
     * truncates), and autovacuum, off there, does not move rows between the pool's runs.
     */
    @Test
    void aReloadedScratchHoldsTheRowsOfItsSeedAndNoneOfTheSeedBefore() throws Exception {
        SuiteDatabase.drop(state.server(), FILLED);
        SuiteDatabase.create(state.server(), FILLED);
        SuiteDatabase.fill(
                state.server(), FILLED, schema, Map.of(), GoldConstants.of(List.of()), PROFILE, 7);
        SuiteDatabase.prepareScratch(state.server(), SCRATCH, schema);
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(SCRATCH))) {
            for (long seed : new long[] {5, 6, 7})
                SuiteDatabase.reload(
                        c, schema, Map.of(), GoldConstants.of(List.of()), PROFILE, seed);
        }
        for (String table : List.of("staff", "desk")) {
            assertThat(rows(SCRATCH, table))
                    .as("%s after reloading seeds 5, 6, 7", table)
                    .isNotEmpty()
                    .isEqualTo(rows(FILLED, table));
        }
        assertThat(
                        rows(
                                SCRATCH,
                                "(SELECT relname, reloptions::text FROM pg_class WHERE relname IN ('staff', 'desk')) o"))
                .containsExactly("desk|{autovacuum_enabled=off}", "staff|{autovacuum_enabled=off}");
    }

    /** Every row of {@code table} in {@code db}, each as its columns joined by '|', sorted. */
    private static List<String> rows(String db, String table) throws Exception {
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(db));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + table)) {
            List<String> out = new ArrayList<>();
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) row.append(i > 1 ? "|" : "").append(rs.getString(i));
                out.add(row.toString());
            }
            Collections.sort(out);
            return out;
        }
    }
}
