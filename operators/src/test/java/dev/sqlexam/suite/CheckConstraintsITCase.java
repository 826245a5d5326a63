package dev.sqlexam.suite;

import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Check constraints asked of the server, on a scratch database with a table of single- and
 * multi-column checks.
 */
class CheckConstraintsITCase {

    private static final String DB = SuiteDatabase.PREFIX + "ut_checks";
    private static StateDatabase state;
    private static Connection admin;
    private static SuiteSchema.Table items;
    private static SuiteSchema.Table notes;

    @BeforeAll
    static void database() throws Exception {
        state = TestDatabase.state();
        SuiteDatabase.create(state.server(), DB);
        admin = DriverManager.getConnection(state.server().forDatabase(DB));
        try (Statement st = admin.createStatement()) {
            st.execute(
                    "CREATE TABLE items (id int PRIMARY KEY, qty int NOT NULL CHECK (qty > 0), status text CHECK (status IN ('a', 'b')), "
                            + "start_date date, end_date date, CHECK (end_date >= start_date))");
            st.execute("CREATE TABLE notes (id int PRIMARY KEY, body text)");
        }
        SuiteSchema schema = SuiteSchemaReader.read(admin);
        items = schema.table("items");
        notes = schema.table("notes");
        // the probes work inside savepoints, as the generator's loading transaction does
        admin.setAutoCommit(false);
    }

    @AfterEach
    void rollback() throws Exception {
        admin.rollback();
    }

    @AfterAll
    static void drop() throws Exception {
        if (admin != null) admin.close();
        if (state != null) SuiteDatabase.drop(state.server(), DB);
    }

    private static String[] row(String... values) {
        return values;
    }

    @Test
    void eachCheckNamesTheColumnsItsExpressionMentions() {
        CheckConstraints checks = new CheckConstraints(items);
        assertThat(checks.expressions()).hasSize(3);
        assertThat(checks.names(0)).as("id").isFalse();
        for (int column = 1; column <= 4; column++)
            assertThat(checks.names(column)).as(items.columns().get(column).name()).isTrue();
        assertThat(new CheckConstraints(notes).expressions()).isEmpty();
    }

    @Test
    void keepAcceptedDropsTheConstantsAndBoundariesASingleColumnCheckRefuses() throws Exception {
        CheckConstraints checks = new CheckConstraints(items);
        List<ColumnValues> values = new ArrayList<>();
        values.add(
                new ColumnValues(
                        items.column("id"), List.of("0"), List.of("1", "2"), checks.names(0)));
        values.add(
                new ColumnValues(
                        items.column("qty"), List.of("0"), List.of("1", "5"), checks.names(1)));
        values.add(
                new ColumnValues(
                        items.column("status"), List.of("a", "c"), List.of("b"), checks.names(2)));
        values.add(
                new ColumnValues(
                        items.column("start_date"),
                        List.of("2024-01-01"),
                        List.of(),
                        checks.names(3)));
        values.add(
                new ColumnValues(items.column("end_date"), List.of(), List.of(), checks.names(4)));
        assertThat(values.get(1).constants).containsExactly("0", "-1", "1");
        assertThat(values.get(1).boundaries).containsExactly("1", "5", "0", "6", "-1", "2");

        checks.keepAccepted(admin, values);

        assertThat(values.get(0).constants).as("id has no check").containsExactly("0", "-1", "1");
        assertThat(values.get(1).constants).containsExactly("1");
        assertThat(values.get(1).boundaries).containsExactly("1", "5", "6", "2");
        assertThat(values.get(1).samples).containsExactly("1", "5");
        assertThat(values.get(2).constants).containsExactly("a");
        assertThat(values.get(2).samples).containsExactly("b");
        // only end_date >= start_date names start_date: a check on two columns refuses no value
        // alone
        assertThat(values.get(3).constants)
                .containsExactly("2024-01-01", "2023-12-31", "2024-01-02");
    }

    @Test
    void keepAcceptedAsksTheServerEachProbeOnceOnAConnection() throws Exception {
        try (Statement st = admin.createStatement()) {
            st.execute("CREATE SEQUENCE probes");
            // the check counts its evaluations: a sequence is not rolled back with the probe's
            // savepoint
            st.execute(
                    "CREATE TABLE counted (id int PRIMARY KEY, qty int CHECK (qty + 0 * nextval('probes') > 0))");
        }
        SuiteSchema.Table counted = SuiteSchemaReader.read(admin).table("counted");
        CheckConstraints checks = new CheckConstraints(counted);
        List<List<ColumnValues>> twice = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            twice.add(
                    List.of(
                            new ColumnValues(
                                    counted.column("id"), List.of(), List.of(), checks.names(0)),
                            new ColumnValues(
                                    counted.column("qty"),
                                    List.of("0"),
                                    List.of("1", "5"),
                                    checks.names(1))));
        }
        ColumnValues qty = twice.get(0).get(1);
        Set<String> probed = new LinkedHashSet<>(qty.constants);
        probed.addAll(qty.boundaries);

        checks.keepAccepted(admin, twice.get(0));
        long asked = probesAsked();
        checks.keepAccepted(admin, twice.get(1));
        new CheckConstraints(counted).keepAccepted(admin, twice.get(1));

        assertThat(asked).isEqualTo(probed.size());
        assertThat(probesAsked()).as("asked again").isEqualTo(asked);
        assertThat(twice.get(1).get(1).constants)
                .isEqualTo(qty.constants)
                .doesNotContain("0", "-1");
        assertThat(twice.get(1).get(1).boundaries).isEqualTo(qty.boundaries);
    }

    private static long probesAsked() throws Exception {
        try (Statement st = admin.createStatement();
                var rs =
                        st.executeQuery(
                                "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM probes")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void checkedKeepsAcceptedRowsInOrderMendsWhatNullsCanMendAndDropsTheRest() throws Exception {
        String[] fine = row("1", "5", "a", "2024-01-01", "2024-01-02");
        String[] zeroQty = row("2", "0", "a", null, null);
        String[] badStatus = row("3", "4", "c", "2024-01-01", "2024-01-05");
        String[] endsBeforeStart = row("4", "2", "b", "2024-02-01", "2024-01-01");
        String[] nulls = row("5", "3", null, null, null);
        List<String[]> out =
                new CheckConstraints(items)
                        .checked(admin, List.of(fine, zeroQty, badStatus, endsBeforeStart, nulls));
        // qty is NOT NULL: a refused qty cannot be mended and its row goes
        assertThat(out.stream().map(Arrays::asList).toList())
                .containsExactly(
                        Arrays.asList(fine),
                        Arrays.asList("3", "4", null, null, null),
                        Arrays.asList("4", "2", null, null, null),
                        Arrays.asList(nulls));
        assertThat(out.get(0)).isSameAs(fine);
    }

    @Test
    void mendedNullsEveryNullableCheckedColumnAndIsNullWhenNoneIsLeftToClear() {
        CheckConstraints checks = new CheckConstraints(items);
        assertThat(checks.mended(row("1", "0", "c", "2024-02-01", "2024-01-01")))
                .containsExactly("1", "0", null, null, null);
        assertThat(checks.mended(row("1", "0", null, null, null))).isNull();
    }

    @Test
    void rowsTheServerCannotJudgeComeBackUnchangedAndTheConnectionStaysUsable() throws Exception {
        CheckConstraints checks = new CheckConstraints(items);
        List<String[]> uncastable =
                List.of(row("1", "many", "a", null, null), row("2", "0", "a", null, null));
        assertThat(checks.checked(admin, uncastable)).isSameAs(uncastable);
        // also where no check reads the column (id): the whole row is cast, as the insert will
        List<String[]> uncastableId = List.<String[]>of(row("x", "0", "a", null, null));
        assertThat(checks.checked(admin, uncastableId)).isSameAs(uncastableId);
        assertThat(checks.checked(admin, List.<String[]>of(row("3", "0", "a", null, null))))
                .isEmpty();
    }

    @Test
    void aTableWithoutChecksReturnsItsRowsUnchanged() throws Exception {
        List<String[]> rows = List.of(row("1", "x"), row("1", null));
        assertThat(new CheckConstraints(notes).checked(admin, rows)).isSameAs(rows);
        assertThat(new CheckConstraints(items).checked(admin, List.of())).isEmpty();
    }
}
