package dev.sqlexam.suite;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ReaderRole;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The evidence of a suite mismatch on a hand-made suite database (5 departments, 30 employees):
 * COUNT(*) against COUNT(DISTINCT salary) in one department differ there, and two employees of that
 * department with one salary are enough.
 */
class WitnessITCase {

    private static final String HASH = "ut_wit";
    private static final String DB = SuiteDatabase.PREFIX + HASH + "_db";
    private static final String REPLAY = SuiteDatabase.PREFIX + HASH + "_replay";

    /** The witness databases {@link Witness} makes for a suite of this hash. */
    private static final List<String> SLOTS =
            List.of(SuiteDatabase.PREFIX + HASH + "_w0", SuiteDatabase.PREFIX + HASH + "_w1");

    private static final String GOLD =
            "SELECT count(*) FROM emp e JOIN dept d ON d.id = e.dept_id WHERE d.name = 'a'";
    private static final String PRED =
            "SELECT count(DISTINCT e.salary) FROM emp e JOIN dept d ON d.id = e.dept_id WHERE d.name = 'a'";
    private static final Grader GRADER = new Grader(Tolerance.DEFAULT);
    private static StateDatabase state;
    private static PooledConnections pool;
    private static ReadOnlyExecutor reader;
    private static TestSuite suite;

    @BeforeAll
    static void suiteDatabase() throws Exception {
        state = TestDatabase.state();
        ReaderRole.ensure(state.server(), state.database());
        ReaderAccess access = ReaderAccess.resolve(state.server(), state.database(), null);
        pool =
                new PooledConnections(
                        access.url(), access.initSql(), true, ConnectionPolicy.DEFAULT);
        reader = new ReadOnlyExecutor(pool, 10_000, 10_000);
        SuiteDatabase.create(state.server(), DB);
        SuiteSchema schema;
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(DB));
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE dept (id int PRIMARY KEY, name text NOT NULL)");
            // offices, which neither query reads, belong to departments: office 1 to department 5
            st.execute(
                    "CREATE TABLE office (id int PRIMARY KEY, dept_id int NOT NULL REFERENCES dept (id))");
            st.execute(
                    "CREATE TABLE emp (id int PRIMARY KEY, dept_id int NOT NULL REFERENCES dept (id), salary int NOT NULL, office_id int NOT NULL REFERENCES office (id))");
            st.execute("INSERT INTO dept SELECT i, chr(96 + i) FROM generate_series(1, 5) i");
            st.execute("INSERT INTO office SELECT i, 6 - i FROM generate_series(1, 5) i");
            // department 'a' (id 1) gets employees 5, 10, …, 30 with salaries 110, 120, 130, 100,
            // 110, 120, all in office 1
            st.execute(
                    "INSERT INTO emp SELECT i, 1 + i % 5, 100 + 10 * (i % 4), 1 + i % 5 FROM generate_series(1, 30) i");
            schema = SuiteSchemaReader.read(c);
            SuiteDatabase.grantReader(c, schema);
        }
        suite = new TestSuite(DB, HASH, List.of(DB), Map.of(), schema, 0, 0, 0, List.of(), 0, null);
    }

    @AfterAll
    static void drop() throws Exception {
        if (pool != null) pool.close();
        for (String db : List.of(DB, REPLAY, SLOTS.get(0), SLOTS.get(1)))
            SuiteDatabase.drop(state.server(), db);
    }

    private static SuiteGrade.Evidence evidence(long budgetMs) {
        List<Grader.GoldRun> golds =
                List.of(
                        new Grader.GoldRun(
                                GOLD, OrderSpec.forGold(GOLD, null), reader.execute(DB, GOLD)));
        QueryOutcome pred = reader.execute(DB, PRED);
        assertThat(GRADER.grade(golds, pred).correct())
                .as("gold and prediction differ on the suite database")
                .isFalse();
        return new Witness(state.server(), reader, pool, budgetMs)
                .evidence(suite, DB, golds, PRED, pred, GRADER);
    }

    private static List<List<String>> rowsOf(SuiteGrade.Evidence evidence, String table) {
        return evidence.tables().stream()
                .filter(t -> t.name().equals(table))
                .findFirst()
                .orElseThrow()
                .rows();
    }

    @Test
    void theEvidenceIsShrunkToTheFewRowsThatStillTellTheQueriesApart() {
        SuiteGrade.Evidence evidence = evidence(5_000);
        assertThat(evidence.note()).isNull();
        assertThat(evidence.minimal()).isTrue();
        assertThat(evidence.database()).isEqualTo(DB);
        assertThat(evidence.tables())
                .extracting(SuiteGrade.Table::name)
                .containsExactly("dept", "office", "emp");
        assertThat(rowsOf(evidence, "dept")).containsExactly(List.of("1", "a"));
        // office 1 belongs to department 5, which the evidence left out: it points at a department
        // the evidence keeps
        assertThat(rowsOf(evidence, "office")).containsExactly(List.of("1", "1"));
        List<List<String>> employees = rowsOf(evidence, "emp");
        assertThat(employees).hasSize(2).allSatisfy(e -> assertThat(e.get(1)).isEqualTo("1"));
        assertThat(employees.get(0).get(2)).isEqualTo(employees.get(1).get(2));
        assertThat(evidence.goldRows()).containsExactly(List.of("2"));
        assertThat(evidence.predRows()).containsExactly(List.of("1"));
    }

    @Test
    void theEvidenceAloneReproducesTheDifferenceAndKeepsItsForeignKeys() throws Exception {
        SuiteGrade.Evidence evidence = evidence(5_000);
        assertThat(evidence.tables().stream().mapToInt(t -> t.rows().size()).sum())
                .as("rows of the evidence")
                .isLessThanOrEqualTo(4);
        SuiteDatabase.create(state.server(), REPLAY);
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(REPLAY))) {
            SuiteDatabase.applySchema(c, suite.schema(), new ArrayList<>());
            SuiteDatabase.grantReader(c, suite.schema());
            c.setAutoCommit(false);
            for (SuiteGrade.Table t : evidence.tables()) {
                List<String[]> rows = t.rows().stream().map(r -> r.toArray(new String[0])).toList();
                assertThat(SuiteDatabase.insert(c, suite.schema().table(t.name()), rows))
                        .hasSize(rows.size());
            }
            // the server refuses a foreign key its rows break
            for (SuiteSchema.Table t : suite.schema().tables()) {
                for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                    try (Statement st = c.createStatement()) {
                        st.execute(
                                "ALTER TABLE "
                                        + t.qualified()
                                        + " ADD CONSTRAINT "
                                        + fk.name()
                                        + " "
                                        + fk.definition());
                    }
                }
            }
            c.commit();
        }
        QueryOutcome gold = reader.execute(REPLAY, GOLD);
        QueryOutcome pred = reader.execute(REPLAY, PRED);
        assertThat(gold.ok()).isTrue();
        assertThat(
                        GRADER.grade(
                                        List.of(
                                                new Grader.GoldRun(
                                                        GOLD, OrderSpec.forGold(GOLD, null), gold)),
                                        pred)
                                .correct())
                .isFalse();
    }

    @Test
    void withNoBudgetTheEvidenceIsEveryRowOfTheTablesReadAndNotMinimal() {
        SuiteGrade.Evidence evidence = evidence(0);
        assertThat(evidence.minimal()).isFalse();
        assertThat(evidence.note()).contains("not shrunk");
        assertThat(rowsOf(evidence, "dept")).hasSize(5);
        assertThat(rowsOf(evidence, "emp")).hasSize(30);
        assertThat(evidence.goldRows()).containsExactly(List.of("6"));
        assertThat(evidence.predRows()).containsExactly(List.of("4"));
    }
}
