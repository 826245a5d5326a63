package dev.sqlexam.sql;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExplainOutcome;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReadOnlyExecutorITCase {

    private static PooledConnections connections;
    private static ReadOnlyExecutor executor;

    @BeforeAll
    static void connect() {
        connections = TestDatabase.readerConnections(2);
        executor = new ReadOnlyExecutor(connections, 500, 100);
    }

    @AfterAll
    static void close() {
        connections.close();
    }

    @Test
    void runsWithoutParallelWorkersSoFloatSumsDoNotChangeFromRunToRun() {
        QueryOutcome outcome =
                executor.execute(
                        "demo",
                        "SELECT current_setting('max_parallel_workers_per_gather'),"
                                + " current_setting('transaction_read_only')");
        assertThat(outcome.ok()).as(outcome.toString()).isTrue();
        assertThat(outcome.result().rows().get(0)).containsExactly("0", "on");
    }

    @Test
    void readsCanonicalValues() {
        QueryOutcome outcome =
                executor.execute(
                        "demo",
                        "SELECT 4.00::numeric AS a, 4::int AS b, 0.5::float8 AS c, NULL::int AS d, 'x' AS e, DATE '2024-01-02' AS f, true AS g");
        assertThat(outcome.ok()).isTrue();
        var row = outcome.result().rows().get(0);
        assertThat(row.get(0)).isEqualTo(new BigDecimal("4"));
        assertThat(row.get(1)).isEqualTo(new BigDecimal("4"));
        assertThat(row.get(2)).isEqualTo(0.5d);
        assertThat(row.get(3)).isNull();
        assertThat(row.get(4)).isEqualTo("x");
        assertThat(row.get(5)).isEqualTo("2024-01-02");
        assertThat(row.get(6)).isEqualTo(true);
        assertThat(outcome.result().kinds())
                .containsExactly(
                        ColumnKind.NUMBER,
                        ColumnKind.NUMBER,
                        ColumnKind.NUMBER,
                        ColumnKind.NUMBER,
                        ColumnKind.TEXT,
                        ColumnKind.DATE,
                        ColumnKind.BOOLEAN);
    }

    @Test
    void aTablesColumnsGetTheKindsTheirTypeNamesGive() {
        // columns of a table (pg_class): the driver names their types from the catalog
        QueryOutcome outcome =
                executor.execute(
                        "demo",
                        "SELECT relname, relisshared, relpages, reltuples, B'1'::bit(1) AS b, '{}'::jsonb AS j FROM pg_class WHERE relname = 'pg_class'");
        assertThat(outcome.ok()).as(outcome.toString()).isTrue();
        assertThat(outcome.result().kinds())
                .containsExactly(
                        ColumnKind.TEXT,
                        ColumnKind.BOOLEAN,
                        ColumnKind.NUMBER,
                        ColumnKind.NUMBER,
                        ColumnKind.OTHER,
                        ColumnKind.OTHER);
    }

    @Test
    void integersReadAsTheirTextReads() {
        // int2, int4, int8 and oid come without a string per cell: the same values as the
        // server's text through canonicalNumber, extremes, zero, trailing zeros and NULL included
        String[] cells = {
            "0::int2",
            "(-32768)::int2",
            "1000::int4",
            "(-2147483648)::int4",
            "2147483647::int4",
            "9223372036854775807::int8",
            "(-9223372036854775808)::int8",
            "120::int8",
            "NULL::int8",
            "4294967295::oid"
        };
        StringBuilder typed = new StringBuilder("SELECT ");
        StringBuilder text = new StringBuilder("SELECT ");
        for (int i = 0; i < cells.length; i++) {
            String sep = i == 0 ? "" : ", ";
            typed.append(sep).append(cells[i]);
            text.append(sep).append("(").append(cells[i]).append(")::text");
        }
        QueryOutcome typedRun = executor.execute("demo", typed.toString());
        QueryOutcome textRun = executor.execute("demo", text.toString());
        assertThat(typedRun.ok()).as(typedRun.error()).isTrue();
        assertThat(textRun.ok()).as(textRun.error()).isTrue();
        var typedRow = typedRun.result().rows().get(0);
        var textRow = textRun.result().rows().get(0);
        for (int i = 0; i < cells.length; i++) {
            Object expected =
                    textRow.get(i) == null
                            ? null
                            : ResultValues.canonicalNumber((String) textRow.get(i));
            assertThat(typedRow.get(i)).as(cells[i]).isEqualTo(expected);
        }
    }

    @Test
    void theServerCancelsSlowQueries() {
        QueryOutcome outcome =
                executor.execute("demo", "SELECT count(*) FROM generate_series(1, 1000000000)");
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.sqlstate()).isEqualTo("57014");
        assertThat(outcome.errorClass()).isEqualTo(ErrorClass.QUERY_TIMEOUT);
        assertThat(outcome.elapsedMs()).isLessThan(4_000);
    }

    @Test
    void rowCapMarksTheResultTruncated() {
        QueryOutcome outcome = executor.execute("demo", "SELECT g FROM generate_series(1, 1000) g");
        assertThat(outcome.result().truncated()).isTrue();
        assertThat(outcome.result().rowCount()).isEqualTo(100);
    }

    @Test
    void writesNeverReachTheDatabase() {
        long before = count();
        QueryOutcome blocked = executor.execute("demo", "DELETE FROM employees");
        assertThat(blocked.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
        assertThat(blocked.error()).startsWith("blocked:");
        QueryOutcome writingFunction =
                executor.execute(
                        "demo",
                        "SELECT set_config('default_transaction_read_only', 'off', false), nextval('x')");
        assertThat(writingFunction.ok()).isFalse();
        assertThat(count()).isEqualTo(before);
    }

    @Test
    void theQueryRunsInAReadOnlyTransactionWithItsOwnTimeout() throws Exception {
        QueryOutcome outcome =
                executor.execute(
                        "demo",
                        "SELECT current_setting('transaction_read_only') AS ro,"
                                + " current_setting('statement_timeout') AS timeout",
                        1_234);
        assertThat(outcome.ok()).as(outcome.error()).isTrue();
        assertThat(outcome.result().rows()).containsExactly(List.of("on", "1234ms"));
        // the timeout was the transaction's: the connection it ran on (the pool lends the one
        // given back last) is back to the session's
        try (Connection c = connections.open("demo");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SHOW statement_timeout")) {
            rs.next();
            assertThat(rs.getString(1)).isNotEqualTo("1234ms");
        }
    }

    @Test
    void semicolonsAndCommentsInTheQueryAreTheQuerys() {
        QueryOutcome outcome =
                executor.execute("demo", "SELECT ';' AS s, 'a;b' AS t -- ; SELECT 2\n;");
        assertThat(outcome.ok()).as(outcome.error()).isTrue();
        assertThat(outcome.result().rows()).containsExactly(List.of(";", "a;b"));
        assertThat(executor.execute("demo", "SELECT 1; SELECT 2").errorClass())
                .isEqualTo(ErrorClass.VALIDATION_BLOCK);
        // a text the server reads as two statements, whatever a lexer makes of the escaped quote,
        // never comes back as the first one's rows
        QueryOutcome twoToTheServer =
                executor.execute("demo", "SELECT E'\\'' AS q; SELECT 2 AS n; --'");
        assertThat(twoToTheServer.ok()).isFalse();
    }

    @Test
    void theQuerysExchangeEndsItsTransactionAndAFailedOneIsLeftToTheCaller() throws Exception {
        try (Connection c = connections.open("demo")) {
            c.setAutoCommit(false);
            BaseConnection session = c.unwrap(BaseConnection.class);
            String one =
                    ReadOnlyQuery.run(
                            c,
                            1_000,
                            0,
                            true,
                            "SELECT 'x' AS one -- a comment closing the last line",
                            rows -> rows.next() ? rows.getString(1) : null);
            assertThat(one).isEqualTo("x");
            assertThat(session.getTransactionState()).isEqualTo(TransactionState.IDLE);
            assertThatThrownBy(() -> ReadOnlyQuery.run(c, 1_000, 0, true, "SELECT 1/0", rows -> 0))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("division by zero");
            assertThat(session.getTransactionState()).isEqualTo(TransactionState.FAILED);
            c.rollback();
            assertThat(session.getTransactionState()).isEqualTo(TransactionState.IDLE);
        }
    }

    @Test
    void aQueryLeavingAParenthesisStringOrCommentOpenFailsWithTheServersOwnMessage() {
        // the ROLLBACK after it would be read into the query: the server's message would name it
        assertThat(executor.execute("demo", "SELECT count(*) FROM (SELECT 1 AS x").error())
                .contains("syntax error at end of input");
        assertThat(executor.execute("demo", "SELECT 1 AS x) AS y").error())
                .contains("syntax error at or near \")\"");
        // the driver refuses these itself, in the JVM's language
        for (String open : List.of("SELECT 'open AS x", "SELECT 1 /* open")) {
            QueryOutcome refused = executor.execute("demo", open);
            assertThat(refused.sqlstate()).as(open).isEqualTo("42601");
            assertThat(refused.error()).as(open).doesNotContain("ROLLBACK");
        }
        assertThat(ReadOnlyQuery.closingRollback("SELECT (1) AS x -- (")).isNotEmpty();
        assertThat(ReadOnlyQuery.closingRollback("SELECT ')' AS x")).isNotEmpty();
    }

    @Test
    void withTheSimpleProtocolTheSetupGoesFirstOnItsOwnWithTheSameGuarantees() throws Exception {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        String url = reader.url().template();
        JdbcUrlTemplate simple =
                new JdbcUrlTemplate(
                        url + (url.contains("?") ? "&" : "?") + "preferQueryMode=simple");
        try (PooledConnections pool =
                new PooledConnections(simple, reader.initSql(), true, ConnectionPolicy.DEFAULT)) {
            try (Connection c = pool.open("demo")) {
                assertThat(ReadOnlyQuery.inOneExchange(c)).isFalse();
            }
            try (Connection c = connections.open("demo")) {
                assertThat(ReadOnlyQuery.inOneExchange(c)).isTrue();
            }
            ReadOnlyExecutor onSimple = new ReadOnlyExecutor(pool, 500, 100);
            QueryOutcome settings =
                    onSimple.execute(
                            "demo",
                            "SELECT current_setting('transaction_read_only'),"
                                    + " current_setting('statement_timeout')");
            assertThat(settings.result().rows()).containsExactly(List.of("on", "500ms"));
            QueryOutcome slow =
                    onSimple.execute("demo", "SELECT count(*) FROM generate_series(1, 1000000000)");
            assertThat(slow.sqlstate()).isEqualTo("57014");
            assertThat(slow.elapsedMs()).isLessThan(4_000);
            assertThat(
                            onSimple.execute("demo", "SELECT g FROM generate_series(1, 1000) g")
                                    .result())
                    .satisfies(r -> assertThat(r.rowCount()).isEqualTo(100))
                    .satisfies(r -> assertThat(r.truncated()).isTrue());
        }
    }

    @Test
    void aFailedQueryLeavesItsConnectionReadyForTheNext() {
        for (int i = 0; i < 4; i++) {
            assertThat(executor.execute("demo", "SELECT 1/0").sqlstate()).isEqualTo("22012");
            QueryOutcome after = executor.execute("demo", "SELECT 1 AS one");
            assertThat(after.ok()).as(after.error()).isTrue();
            assertThat(after.result().rows()).containsExactly(List.of(BigDecimal.ONE));
        }
    }

    @Test
    void errorsCarryTheirSqlstate() {
        QueryOutcome outcome = executor.execute("demo", "SELECT no_such_column FROM employees");
        assertThat(outcome.sqlstate()).isEqualTo("42703");
        assertThat(outcome.errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
        assertThat(outcome.error()).contains("no_such_column");
    }

    @Test
    void aServerNeverReachedIsAFastRefusal() {
        JdbcUrlTemplate nowhere = new JdbcUrlTemplate("jdbc:postgresql://127.0.0.1:1/{db}?user=x");
        try (PooledConnections dead =
                new PooledConnections(nowhere, null, true, ConnectionPolicy.DEFAULT)) {
            QueryOutcome outcome = new ReadOnlyExecutor(dead, 500, 10).execute("demo", "SELECT 1");
            assertThat(outcome.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
            assertThat(outcome.elapsedMs())
                    .as("refused at once, not waited for as a restart")
                    .isLessThan(5_000);
            long start = System.nanoTime();
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> Reconnect.within(30_000, () -> dead.open("demo")))
                    .isInstanceOf(ConnectionUnavailable.class);
            assertThat((System.nanoTime() - start) / 1_000_000)
                    .as("lookups that reconnect do not retry a refusal either")
                    .isLessThan(5_000);
        }
    }

    @Test
    void anUnknownDatabaseIsAnsweredAtOnceAfterTheFirstRefusal() {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        try (PooledConnections pools =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT)) {
            ReadOnlyExecutor refused = new ReadOnlyExecutor(pools, 1_000, 10);
            QueryOutcome first = refused.execute("it_no_such_database", "SELECT 1");
            assertThat(first.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
            assertThat(first.sqlstate()).isEqualTo("3D000");
            QueryOutcome second = refused.execute("it_no_such_database", "SELECT 1");
            assertThat(second.error()).contains("refused a connection");
            assertThat(refused.execute("demo", "SELECT 1").ok())
                    .as("other databases are not affected")
                    .isTrue();
        }
    }

    @Test
    void tooManyConnectionsIsBackpressureNotAFailure() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        try (var c = java.sql.DriverManager.getConnection(admin.forDatabase("demo"));
                var s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS it_tight_reader");
            s.execute("CREATE ROLE it_tight_reader LOGIN PASSWORD 'it-tight' CONNECTION LIMIT 2");
            // the reader's rights by membership: a GRANT on the table would update its ACL while
            // another test's migration grants on every table of demo (two ACL updates at once fail)
            s.execute("GRANT " + ReaderAccess.READER_ROLE + " TO it_tight_reader");
        }
        // a budget of 8 against a role limit of 2: the server answers 53300 and the pool must wait,
        // not fail
        JdbcUrlTemplate tight = admin.withUser("it_tight_reader", "it-tight");
        try (PooledConnections pools =
                new PooledConnections(
                        tight, null, true, new ConnectionPolicy(8, 5_000, 30_000, 30_000))) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(pools, 10_000, 10);
            var workers = java.util.concurrent.Executors.newFixedThreadPool(8);
            List<java.util.concurrent.Future<QueryOutcome>> outcomes = new java.util.ArrayList<>();
            for (int i = 0; i < 32; i++) {
                outcomes.add(
                        workers.submit(
                                () ->
                                        executor.execute(
                                                "demo",
                                                "SELECT count(*) FROM employees, generate_series(1, 20000) g")));
            }
            for (var f : outcomes) {
                QueryOutcome o = f.get();
                assertThat(o.ok()).as(o.sqlstate() + " " + o.error()).isTrue();
            }
            workers.shutdown();
        } finally {
            try (var c = java.sql.DriverManager.getConnection(admin.forDatabase("demo"));
                    var s = c.createStatement()) {
                s.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'it_tight_reader'");
                s.execute("DROP ROLE IF EXISTS it_tight_reader");
            }
        }
    }

    private static long count() {
        return ((BigDecimal)
                        executor.execute("demo", "SELECT count(*) FROM employees")
                                .result()
                                .rows()
                                .get(0)
                                .get(0))
                .longValue();
    }

    @Test
    void explainGivesTheCostWithoutRunningTheQuery() {
        ExplainOutcome slow =
                executor.explain(
                        "demo",
                        "SELECT COUNT(*) FROM generate_series(1, 1000000000) g CROSS JOIN employees",
                        2_000);
        assertThat(slow.passed()).as(String.valueOf(slow.error())).isTrue();
        assertThat(slow.totalCost()).isPositive();
        assertThat(slow.elapsedMs()).as("EXPLAIN plans, it does not run").isLessThan(5_000);
    }

    @Test
    void explainReportsSchemaErrorsWithPostgresHints() {
        ExplainOutcome typo =
                executor.explain("demo", "SELECT e.first_nam FROM employees e", 2_000);
        assertThat(typo.passed()).isFalse();
        assertThat(typo.sqlstate()).isEqualTo("42703");
        assertThat(typo.errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
        assertThat(typo.error()).contains("first_nam");
        assertThat(typo.hint()).contains("first_name");
        ExplainOutcome missing = executor.explain("demo", "SELECT 1 FROM employes", 2_000);
        assertThat(missing.sqlstate()).isEqualTo("42P01");
        ExplainOutcome blocked = executor.explain("demo", "DELETE FROM employees", 2_000);
        assertThat(blocked.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
    }
}
