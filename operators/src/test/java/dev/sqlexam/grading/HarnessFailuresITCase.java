package dev.sqlexam.grading;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.GoldTablesStep;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failures of the harness end as infra_failure with the stage that failed named, never as the
 * model's retrieval_miss or the exam set's gold_error: a gold table the reader may not read, a
 * retrieval stage that failed, and a gold that the reader is denied. Real PostgreSQL, real reader
 * role.
 */
class HarnessFailuresITCase {

    static JdbcUrlTemplate admin;
    static ReaderAccess reader;
    static PooledConnections connections;
    static QuestionGrading grading;

    /**
     * A database of this test's own: a table the reader may not read in a sample database would
     * show in the schema of every test reading it meanwhile (the suite's run in parallel).
     */
    static final String DB = "it_harness_failures";

    @BeforeAll
    static void aTableTheReaderMayNotRead() throws Exception {
        admin = TestDatabase.migrated();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + DB);
        }
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DB));
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS it_payroll_secret");
            s.execute("CREATE TABLE it_payroll_secret (employee_id int, bonus numeric)");
            s.execute("INSERT INTO it_payroll_secret VALUES (1, 100)");
            s.execute("REVOKE ALL ON it_payroll_secret FROM sqlexam_reader");
        }
        reader = ReaderAccess.resolve(admin, "sqlexam", null);
        connections =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT);
        grading =
                new QuestionGrading(
                        new ReadOnlyExecutor(connections, 5_000, 1_000),
                        new Grader(new Tolerance(1e-6, 1e-9)),
                        new QueryCache(100, 1_000),
                        null,
                        false,
                        0,
                        null);
    }

    @AfterAll
    static void dropIt() throws Exception {
        connections.close();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
        }
    }

    private static ExamQuestion question(String id, String gold) {
        return question(id, DB, gold);
    }

    private static ExamQuestion question(String id, String db, String gold) {
        return new ExamQuestion(
                id,
                db,
                "What bonus did employee 1 get?",
                gold,
                List.of(),
                List.of(),
                null,
                null,
                null,
                null,
                null,
                1,
                null);
    }

    private static GeneratedTask generated(ExamQuestion q, String sql, List<StageTrace> trace) {
        SchemaContextPacket packet =
                new SchemaContextPacket(
                        q.db(), "none", List.of(), List.of(), List.of(), List.of(), List.of());
        return new GeneratedTask(
                new ExamTask("it", "default", 0, q),
                "test",
                sql == null ? List.of() : List.of(new Candidate(0, sql, "test", 0)),
                trace,
                packet,
                null,
                null);
    }

    @Test
    void aGoldTableLookupDeniedToTheReaderIsTheHarnessesNotAnEmptyList() throws Exception {
        GoldTablesStep derive = new GoldTablesStep(reader, ConnectionPolicy.DEFAULT);
        try {
            ExamQuestion denied =
                    derive.apply(
                            question(
                                    "q-denied",
                                    "SELECT bonus FROM it_payroll_secret WHERE employee_id = 1"));
            assertThat(denied.goldTables()).isEmpty();
            assertThat(denied.goldTablesError()).contains("42501").contains("it_payroll_secret");

            ExamQuestion broken = derive.apply(question("q-broken", "SELECT nope FROM nowhere"));
            assertThat(broken.goldTablesError())
                    .as("a gold that cannot be planned is the gold's own error")
                    .isNull();

            ExamRecord record =
                    grading.evaluate(
                            generated(
                                    denied,
                                    "SELECT 100",
                                    List.of(StageTrace.ok(Stage.RETRIEVE, 1, "v1: 0 tables"))));
            assertThat(record.reason()).isEqualTo("infra_failure");
            assertThat(record.failureType()).isEqualTo("infra_failure");
            assertThat(record.goldTablesRetrieved())
                    .as("no recall figure from a failed lookup")
                    .isNull();
            assertThat(record.trace())
                    .anySatisfy(
                            t -> {
                                assertThat(t.stage()).isEqualTo("gold_tables");
                                assertThat(t.errorClass()).isEqualTo("infra_failure");
                            });
        } finally {
            derive.close();
        }
    }

    @Test
    void aFailedRetrievalMakesTheQuestionAnInfraFailureNamingTheStage() {
        ExamQuestion q =
                question("q-retrieval", "demo", "SELECT count(*) FROM employees")
                        .withGoldTables(List.of("employees"));
        ExamRecord record =
                grading.evaluate(
                        generated(
                                q,
                                "SELECT count(*) FROM departments",
                                List.of(
                                        StageTrace.ok(Stage.EMBED, 1, "cached"),
                                        StageTrace.failed(
                                                Stage.RETRIEVE,
                                                "infra_failure",
                                                null,
                                                3,
                                                "cannot load the index of 'demo': relation \"rag.tables\" does not exist"))));
        assertThat(record.reason()).isEqualTo("infra_failure");
        assertThat(record.failureType())
                .as("not the model's retrieval_miss")
                .isEqualTo("infra_failure");
        assertThat(record.gradeDetail()).startsWith("retrieve failed: cannot load the index");
        assertThat(record.goldTablesRetrieved()).isNull();
    }

    @Test
    void aGoldTheReaderIsDeniedIsAnInfraFailureNotAGoldError() {
        ExamQuestion q =
                question(
                        "q-gold-denied",
                        "SELECT bonus FROM it_payroll_secret WHERE employee_id = 1");
        ExamRecord record = grading.evaluate(generated(q, "SELECT 100", List.of()));
        assertThat(record.reason()).isEqualTo("infra_failure");
        assertThat(record.sqlstate()).isEqualTo("42501");
    }
}
