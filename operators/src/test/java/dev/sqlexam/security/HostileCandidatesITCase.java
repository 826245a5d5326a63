package dev.sqlexam.security;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.evaluation.StructuralValidator;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.repair.RepairLoop;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.suite.InOrder;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hostile-candidate corpus against a throwaway database on the real server: every candidate
 * goes through the pipeline's checks and its executor, and once more straight to the read-only role
 * with the guard bypassed, so the database's own protections are proven too. Nothing may change a
 * byte, nothing may outlive its timeout, and every candidate that is not inert must be blocked or
 * fail with a reason.
 */
class HostileCandidatesITCase {

    static final String PROBE = "sqlexam_security_probe";
    private static final long TIMEOUT_MS = 1_000;
    private static final long SLACK_MS = 5_000;
    private static final Map<String, String> TABLES =
            Map.of(
                    "employees",
                    "last_name",
                    "departments",
                    "department_name",
                    "customers",
                    "customer_name",
                    "orders",
                    "status",
                    "order_items",
                    "quantity",
                    "products",
                    "product_name");
    private static final List<String> TEMPLATES =
            List.of(
                    "DELETE FROM {t}",
                    "UPDATE {t} SET {c} = {c}",
                    "INSERT INTO {t} SELECT * FROM {t}",
                    "TRUNCATE {t}",
                    "DROP TABLE {t}",
                    "ALTER TABLE {t} ADD COLUMN pwned int",
                    "WITH d AS (DELETE FROM {t} RETURNING *) SELECT count(*) FROM d",
                    "SELECT * INTO {t}_copy FROM {t}",
                    "COPY {t} TO '/tmp/{t}.csv'",
                    "SELECT * FROM {t}; DROP TABLE {t}",
                    "LOCK TABLE {t}",
                    "SELECT * FROM {t} FOR UPDATE",
                    "CREATE TABLE {t}_x AS SELECT * FROM {t}",
                    "SELECT {c} FROM {t} /* */ ; DELETE FROM {t}");

    private static JdbcUrlTemplate admin;
    private static ReaderAccess reader;
    private static PooledConnections connections;
    private static ReadOnlyExecutor executor;

    record Entry(String sql, boolean inert, String section) {}

    @BeforeAll
    static void createProbeDatabase() throws Exception {
        admin = TestDatabase.migrated();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + PROBE + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + PROBE);
        }
        try (Connection c = DriverManager.getConnection(admin.forDatabase(PROBE));
                Statement s = c.createStatement()) {
            s.execute(
                    """
                    CREATE TABLE departments (department_id serial PRIMARY KEY, department_name text NOT NULL, budget numeric);
                    CREATE TABLE employees (employee_id serial PRIMARY KEY, department_id int REFERENCES departments, first_name text,
                        last_name text, salary numeric);
                    CREATE TABLE customers (customer_id serial PRIMARY KEY, customer_name text);
                    CREATE TABLE products (product_id serial PRIMARY KEY, product_name text, price numeric);
                    CREATE TABLE orders (order_id serial PRIMARY KEY, customer_id int REFERENCES customers, status text);
                    CREATE TABLE order_items (order_id int REFERENCES orders, product_id int REFERENCES products, quantity int);
                    INSERT INTO departments (department_name, budget) SELECT 'dept ' || g, g * 1000 FROM generate_series(1, 5) g;
                    INSERT INTO employees (department_id, first_name, last_name, salary)
                        SELECT 1 + g % 5, 'first ' || g, 'last ' || g, 1000 + g FROM generate_series(1, 200) g;
                    INSERT INTO customers (customer_name) SELECT 'customer ' || g FROM generate_series(1, 50) g;
                    INSERT INTO products (product_name, price) SELECT 'product ' || g, g FROM generate_series(1, 30) g;
                    INSERT INTO orders (customer_id, status) SELECT 1 + g % 50, CASE WHEN g % 3 = 0 THEN 'open' ELSE 'shipped' END
                        FROM generate_series(1, 300) g;
                    INSERT INTO order_items SELECT 1 + g % 300, 1 + g % 30, g % 7 FROM generate_series(1, 900) g;
                    """);
            s.execute("GRANT CONNECT ON DATABASE " + PROBE + " TO " + ReaderAccess.READER_ROLE);
            s.execute("GRANT USAGE ON SCHEMA public TO " + ReaderAccess.READER_ROLE);
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + ReaderAccess.READER_ROLE);
        }
        reader = ReaderAccess.resolve(admin, PROBE, null);
        connections =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT);
        executor = new ReadOnlyExecutor(connections, TIMEOUT_MS, 100);
    }

    @AfterAll
    static void dropProbeDatabase() throws Exception {
        if (connections != null) connections.close();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + PROBE + " WITH (FORCE)");
        }
    }

    static List<Entry> corpus() throws Exception {
        List<Entry> out = new ArrayList<>();
        String section = "";
        try (InputStream in =
                HostileCandidatesITCase.class.getResourceAsStream(
                        "/security/hostile_candidates.sql")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) continue;
                if (line.startsWith("#")) {
                    section = line.substring(1).strip();
                    continue;
                }
                boolean inert = line.endsWith("  # inert");
                String sql =
                        (inert ? line.substring(0, line.length() - "  # inert".length()) : line)
                                .replace("\\n", "\n");
                out.add(new Entry(sql, inert, section));
            }
        }
        new TreeMap<>(TABLES)
                .forEach(
                        (table, column) ->
                                TEMPLATES.forEach(
                                        t ->
                                                out.add(
                                                        new Entry(
                                                                t.replace("{t}", table)
                                                                        .replace("{c}", column),
                                                                false,
                                                                "per-table templates"))));
        return out;
    }

    @Test
    void theCorpusHasMoreThanTwoHundredDistinctCandidates() throws Exception {
        List<Entry> corpus = corpus();
        assertThat(new LinkedHashSet<>(corpus.stream().map(Entry::sql).toList()))
                .hasSizeGreaterThanOrEqualTo(200);
        assertThat(corpus.stream().map(Entry::section).distinct()).hasSizeGreaterThanOrEqualTo(8);
    }

    @Test
    void noHostileCandidateChangesAByteRunsPastItsTimeoutOrGoesWithoutAReason() throws Exception {
        assertThat(reader.mode())
                .as("the suite's cluster has the reader role; the bypass below relies on it")
                .isEqualTo(ReaderAccess.Mode.READER_LOGIN);
        Set<String> known = Set.copyOf(TABLES.keySet());
        String before = checksum();
        List<String> report = new ArrayList<>();
        List<String> throughTheGuard = new ArrayList<>();
        for (Ran ran : runAll(corpus(), known)) {
            Entry e = ran.entry();
            StructuralValidator.Validation v = ran.validation();
            RepairLoop.Check check = ran.check();
            QueryOutcome run = ran.run();
            long rawMs = ran.rawMs();
            String verdict =
                    v.blocked()
                            ? "blocked: " + v.blockReason()
                            : run.ok() ? "ran" : run.sqlstate() + " " + run.error();
            report.add(
                    String.format(
                            "%-44s %s",
                            verdict.length() > 44 ? verdict.substring(0, 44) : verdict,
                            e.sql().replace('\n', ' ')));
            assertThat(run.elapsedMs())
                    .as("ends in time: %s", e.sql())
                    .isLessThan(TIMEOUT_MS + SLACK_MS);
            // Without the guard a session can lift its own statement_timeout ("SET
            // statement_timeout = 0; SELECT pg_sleep(30)"):
            // then only the client's backstop (timeout + 5 s) ends it. The guard's one-statement
            // rule is what closes that door.
            assertThat(rawMs)
                    .as("ends by the client backstop without the guard: %s", e.sql())
                    .isLessThan(TIMEOUT_MS + 5_000 + SLACK_MS);
            if (e.inert()) continue;
            if (e.section().startsWith("huge")) {
                assertThat(
                                run.errorClass() == ErrorClass.QUERY_TIMEOUT
                                        || run.ok() && run.result().truncated())
                        .as(
                                "a huge read is cancelled by the server or cut by the row cap: %s",
                                e.sql())
                        .isTrue();
                continue;
            }
            assertThat(run.ok()).as("hostile candidate ran: %s", e.sql()).isFalse();
            assertThat(
                            check.passed()
                                            && !v.blocked()
                                            && run.errorClass() == ErrorClass.QUERY_TIMEOUT
                                    || !check.passed())
                    .as("the pipeline's checks stop it or it times out: %s", e.sql())
                    .isTrue();
            assertThat(run.error()).as("a reason: %s", e.sql()).isNotBlank();
            assertThat(run.errorClass()).isNotNull();
            if (!v.blocked()) throughTheGuard.add(run.sqlstate() + " " + e.sql());
        }
        System.out.println(
                "hostile candidates (" + report.size() + "):\n  " + String.join("\n  ", report));
        assertThat(checksum()).as("data, sequences and catalog unchanged").isEqualTo(before);
        assertThat(throughTheGuard)
                .as(
                        "past the guard go only reads the server's timeout ends, and text the server cannot parse")
                .allSatisfy(s -> assertThat(s).matches("(57014|42601) (?s).*"));
    }

    /**
     * What one candidate met: the validator, the pipeline's checks, the executor, the role alone.
     */
    private record Ran(
            Entry entry,
            StructuralValidator.Validation validation,
            RepairLoop.Check check,
            QueryOutcome run,
            long rawMs) {}

    /**
     * Every candidate run, six at once: most of this test's time is candidates waiting out their
     * timeout (a second on the server, six by the client's backstop without the guard), and the
     * checksum after them still sees what any of them left. Results in the corpus's order.
     */
    private static List<Ran> runAll(List<Entry> corpus, Set<String> known) throws Exception {
        return InOrder.map(corpus, 6, e -> ran(e, known));
    }

    private static Ran ran(Entry e, Set<String> known) {
        return new Ran(
                e,
                StructuralValidator.validate(e.sql(), known, 101),
                CandidateEvaluator.check(
                        e.sql(), known, 101, s -> executor.explain(PROBE, s, TIMEOUT_MS)),
                executor.execute(PROBE, e.sql()),
                bypassTheGuard(e.sql()));
    }

    /**
     * The read-only role alone: no guard, no validator, only the role and the read-only
     * transaction. Returns elapsed ms.
     */
    private static long bypassTheGuard(String sql) {
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(reader.url().forDatabase(PROBE));
                Statement s = c.createStatement()) {
            s.execute(reader.initSql());
            c.setAutoCommit(false);
            s.execute("SET LOCAL statement_timeout = " + TIMEOUT_MS);
            s.setMaxRows(100);
            s.setQueryTimeout((int) (TIMEOUT_MS / 1000 + 5));
            s.execute(sql);
            c.rollback();
        } catch (SQLException expected) {
            // most fail here: permission denied, read-only transaction, cancelled by the timeout
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /**
     * Every row of every table, sequence positions, relations, roles, role settings, large objects,
     * extensions.
     */
    private static String checksum() throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Connection c = DriverManager.getConnection(admin.forDatabase(PROBE));
                Statement s = c.createStatement()) {
            for (String table : new TreeMap<>(TABLES).keySet()) {
                try (ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM "
                                        + table
                                        + " t")) {
                    rs.next();
                    out.append(table)
                            .append(':')
                            .append(rs.getLong(1))
                            .append(':')
                            .append(rs.getString(2))
                            .append('\n');
                }
            }
            for (String q :
                    List.of(
                            "SELECT string_agg(sequencename || '=' || coalesce(last_value, 0), ',' ORDER BY sequencename) FROM pg_sequences",
                            "SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts, ',' ORDER BY 1) FROM pg_class c "
                                    + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')",
                            "SELECT string_agg(rolname || ':' || rolsuper::text, ',' ORDER BY rolname) FROM pg_roles",
                            "SELECT count(*) FROM pg_db_role_setting",
                            "SELECT count(*) FROM pg_largeobject_metadata",
                            "SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension",
                            "SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'",
                            "SELECT string_agg(datname, ',' ORDER BY datname) FROM pg_database",
                            "SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal",
                            "SELECT string_agg(grantee || ':' || privilege_type || ':' || table_name, ',' ORDER BY 1) FROM information_schema.role_table_grants "
                                    + "WHERE table_schema = 'public'")) {
                try (ResultSet rs = s.executeQuery(q)) {
                    rs.next();
                    out.append(rs.getString(1)).append('\n');
                }
            }
        }
        return out.toString();
    }
}
