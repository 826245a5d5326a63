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
        for (String db : List.of(SOURCE, FILLED)) SuiteDatabase.drop(state.server(), db);
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
                            new RowGenerator.Profile(60, 0.05, 0.2, 0.1),
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
}
