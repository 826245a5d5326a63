package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.ExamQuestion;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pre-flight on databases of its own: one connection per database reads the tables the golds
 * plan to read and checks the reader's access to them, and a database that refuses connections
 * stops the run with its name.
 */
class PreflightConnectionsITCase {

    private static final String PREFIX = "it_preflight_" + ProcessHandle.current().pid() + "_";
    private static final List<String> DBS = List.of(PREFIX + "a", PREFIX + "b", PREFIX + "c");
    private static JdbcUrlTemplate admin;

    @BeforeAll
    static void createDatabases() throws Exception {
        admin = TestDatabase.admin();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            for (String db : DBS) s.execute("CREATE DATABASE " + db);
        }
        for (String db : DBS) {
            try (Connection c = DriverManager.getConnection(admin.forDatabase(db));
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE parts (id int PRIMARY KEY, name text)");
                s.execute("CREATE TABLE stock (part_id int REFERENCES parts, qty int)");
                s.execute("INSERT INTO parts VALUES (1, 'bolt'), (2, 'nut')");
                s.execute("INSERT INTO stock VALUES (1, 10), (2, 0)");
            }
        }
    }

    @AfterAll
    static void dropDatabases() throws Exception {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            for (String db : DBS) s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
        }
    }

    @Test
    void oneConnectionPerDatabaseReadsTheGoldTablesAndChecksTheirAccess() throws Exception {
        List<ExamQuestion> questions = new ArrayList<>();
        for (String db : DBS) {
            // the second gold names stock only through its plan (a view would too): read on the
            // pre-flight's connection
            questions.add(
                    ExamQuestion.of(
                            db + "-1", db, "How many parts?", "SELECT COUNT(*) FROM parts"));
            questions.add(
                    ExamQuestion.of(
                            db + "-2",
                            db,
                            "Which parts are out of stock?",
                            "SELECT name FROM parts p WHERE EXISTS"
                                    + " (SELECT 1 FROM stock s WHERE s.part_id = p.id AND s.qty = 0)"));
        }
        // the server-wide checks (reader role, capacity) connect to the probed database: not one
        // of these
        // on the shared connection: a gold that cannot be planned before the grants, and a gold of
        // two statements, whose second must never run as the administrator
        questions.add(
                ExamQuestion.of(
                        "bad-column", DBS.get(0), "Parts?", "SELECT no_such_column FROM parts"));
        questions.add(
                ExamQuestion.of(
                        "two-statements",
                        DBS.get(0),
                        "Parts?",
                        "SELECT 1 FROM parts; CREATE TABLE pwned (i int)"));
        ServerProbe server = ServerProbe.of(admin, List.of("postgres"));
        assertThat(server.database()).isEqualTo("postgres");
        Map<String, Long> before = sessions();

        Preflight.Result result =
                Preflight.checked(
                        Settings.defaults(),
                        admin,
                        server,
                        Preflight.goldTableReaders(admin, questions),
                        new PrintStream(new ByteArrayOutputStream()));

        Map<String, Long> after = sessions();
        for (String db : DBS)
            assertThat(after.get(db) - before.get(db)).as("sessions opened on " + db).isEqualTo(1);
        assertThat(result.access().ok()).isTrue();
        assertThat(result.access().granted())
                .as("the reader was granted what it lacked")
                .isNotEmpty();
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DBS.get(0)));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT to_regclass('pwned') IS NULL")) {
            rs.next();
            assertThat(rs.getBoolean(1)).as("the second statement of a gold never ran").isTrue();
        }
        assertThat(result.access().databases()).isEqualTo(3);
        assertThat(result.access().tables()).as("parts and stock in each").isEqualTo(6);
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DBS.get(0)))) {
            assertThat(Preflight.goldTableReaders(admin, questions).get(DBS.get(0)).on(c))
                    .containsExactlyInAnyOrder("parts", "stock");
        }
    }

    @Test
    void aDatabaseThatRefusesConnectionsStopsThePreflightWithItsName() throws Exception {
        String closed = DBS.get(2);
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("ALTER DATABASE " + closed + " ALLOW_CONNECTIONS false");
        }
        try {
            List<ExamQuestion> questions =
                    List.of(
                            ExamQuestion.of(
                                    "q1",
                                    DBS.get(0),
                                    "How many parts?",
                                    "SELECT COUNT(*) FROM parts"),
                            ExamQuestion.of(
                                    "q2", closed, "How many parts?", "SELECT COUNT(*) FROM parts"));
            assertThatThrownBy(
                            () ->
                                    Preflight.checked(
                                            Settings.defaults(),
                                            admin,
                                            ServerProbe.of(admin, List.of("postgres")),
                                            Preflight.goldTableReaders(admin, questions),
                                            new PrintStream(new ByteArrayOutputStream())))
                    .isInstanceOf(Preflight.Failed.class)
                    .hasMessageContaining("cannot connect to database '" + closed + "'");
        } finally {
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement s = c.createStatement()) {
                s.execute("ALTER DATABASE " + closed + " ALLOW_CONNECTIONS true");
            }
        }
    }

    private static Map<String, Long> sessions() throws Exception {
        // the statistics of other backends are read as of the transaction's start: a fresh one
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("SELECT pg_stat_clear_snapshot()");
            Map<String, Long> out = new java.util.HashMap<>();
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT datname, sessions FROM pg_stat_database WHERE datname LIKE '"
                                    + PREFIX
                                    + "%'")) {
                while (rs.next()) out.put(rs.getString(1), rs.getLong(2));
            }
            return out;
        }
    }
}
