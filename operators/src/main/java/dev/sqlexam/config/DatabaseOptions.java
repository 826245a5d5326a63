package dev.sqlexam.config;

import java.util.List;

import static dev.sqlexam.config.OptionRegistry.bounded;
import static dev.sqlexam.config.OptionRegistry.own;
import static dev.sqlexam.config.OptionRegistry.register;

/**
 * The database sqlexam reads and how candidate SQL runs there: the server, the read-only role,
 * connections, limits, grants and the state database. Part of {@link SqlExamOptions}, the one
 * registry.
 */
public interface DatabaseOptions {
    Option<String> JDBC_URL =
            own(
                    "jdbc_url",
                    "SQLEXAM_JDBC_URL",
                    String.class,
                    "jdbc:postgresql://127.0.0.1:55432/{db}?user=sqlexam",
                    "Server to run on; {db} is replaced by each question's db. Exams and grades only read its databases (they may create the "
                            + "read-only role sqlexam_reader and grant it read access, and the sample databases erp and demo an exam set "
                            + "names); import --databases creates the databases it loads there (--replace drops and reloads them). "
                            + "sqlexam's state stays in the private cluster unless state_url is set too.",
                    Option.Step.EXECUTE);
    Option<String> STATE_URL =
            own(
                    "state_url",
                    "SQLEXAM_STATE_URL",
                    String.class,
                    "",
                    "Server holding sqlexam's own state (runs, results, metrics, the retrieval index, the watch's tables) in its results_db "
                            + "database. Empty: the private cluster the scripts start (127.0.0.1, SQLEXAM_PG_PORT), so that the server of "
                            + "jdbc_url holds none of sqlexam's state. Give jdbc_url's value to keep the state on that server.",
                    Option.Step.SINKS);
    Option<String> RESULTS_DB =
            own(
                    "results_db",
                    "SQLEXAM_RESULTS_DB",
                    String.class,
                    "sqlexam",
                    "Database of the state server holding sqlexam's own tables (runs, results, metrics, retrieval index).",
                    Option.Step.SINKS);
    Option<String> READER_PASSWORD =
            register(
                    new Option<>(
                            "reader_password",
                            "SQLEXAM_READER_PASSWORD",
                            String.class,
                            "",
                            "Password of the sqlexam_reader role on servers that need one. Never logged.",
                            Option.Step.EXECUTE,
                            true,
                            true,
                            List.of()));
    Option<Choices.Reader> READER =
            register(
                    new Option<>(
                            "reader",
                            "SQLEXAM_READER",
                            Choices.Reader.class,
                            Choices.Reader.ROLE,
                            "Who runs gold and candidate SQL: role (sqlexam's read-only role sqlexam_reader, granted read access by the pre-flight "
                                    + "check where the connecting user may grant) or connecting-user (the URL's user, in read-only transactions; "
                                    + "nothing is granted). The guard and the read-only transactions apply either way.",
                            Option.Step.EXECUTE,
                            true,
                            false,
                            Choices.words(Choices.Reader.class)));
    Option<Boolean> GRANT_READ_ACCESS =
            own(
                    "grant_read_access",
                    "SQLEXAM_GRANT_READ_ACCESS",
                    Boolean.class,
                    true,
                    "Let the pre-flight check grant the reader what it lacks (CONNECT, USAGE and SELECT on the exam's databases only). "
                            + "false: stop instead, naming the statements an administrator must run.",
                    Option.Step.EXECUTE);
    Option<Integer> MAX_CONNECTIONS_PER_SERVER =
            bounded(
                    own(
                            "max_connections_per_server",
                            "SQLEXAM_MAX_CONNECTIONS_PER_SERVER",
                            Integer.class,
                            32,
                            "Most connections the job holds on one server at a time, shared by every pool of a process; lowered at start to what the "
                                    + "server's free slots and the reader role's connection limit allow.",
                            Option.Step.EXECUTE),
                    1,
                    null);
    Option<Integer> DB_WORKERS =
            bounded(
                    own(
                            "db_workers",
                            "SQLEXAM_DB_WORKERS",
                            Integer.class,
                            0,
                            "Threads per subtask that execute golds and predictions on the exam's server; the questions in flight "
                                    + "beyond them wait their turn. 0: for a server on this machine, twice its cores divided by the "
                                    + "parallelism (its queries take the job's own cores: more at once only slows each, and the job's "
                                    + "retrievals behind them); for a server elsewhere, async_capacity.",
                            Option.Step.EXECUTE),
                    0,
                    null);
    Option<Long> CONNECTION_TIMEOUT_MS =
            bounded(
                    own(
                            "connection_timeout_ms",
                            "SQLEXAM_CONNECTION_TIMEOUT_MS",
                            Long.class,
                            10_000L,
                            "How long opening one connection (or waiting for a free one in the budget) may take.",
                            Option.Step.EXECUTE),
                    1,
                    null);
    Option<Long> CONNECTION_RETRY_MS =
            bounded(
                    own(
                            "connection_retry_ms",
                            "SQLEXAM_CONNECTION_RETRY_MS",
                            Long.class,
                            30_000L,
                            "How long a query waits for a server that went away (restart, lost connection, too many "
                                    + "connections) before its question is an infra_failure.",
                            Option.Step.EXECUTE),
                    0,
                    null);
    Option<Long> STATEMENT_TIMEOUT_MS =
            bounded(
                    own(
                            "statement_timeout_ms",
                            "SQLEXAM_STATEMENT_TIMEOUT_MS",
                            Long.class,
                            10_000L,
                            "Server-side statement_timeout for every gold and candidate query.",
                            Option.Step.EXECUTE),
                    1,
                    null);
    Option<Integer> ROW_CAP =
            bounded(
                    own(
                            "row_cap",
                            "SQLEXAM_ROW_CAP",
                            Integer.class,
                            100_000,
                            "Most rows read from one result; a larger result is graded row_cap_exceeded.",
                            Option.Step.EXECUTE),
                    1,
                    null);
    Option<Double> TOLERANCE_RELATIVE =
            bounded(
                    own(
                            "float_tolerance",
                            "SQLEXAM_FLOAT_TOLERANCE",
                            Double.class,
                            1e-6,
                            "Relative tolerance for non-integer numbers when grading.",
                            Option.Step.GRADE),
                    0,
                    null);
    Option<Double> TOLERANCE_ABSOLUTE =
            bounded(
                    own(
                            "float_tolerance_abs",
                            "SQLEXAM_FLOAT_TOLERANCE_ABS",
                            Double.class,
                            1e-9,
                            "Absolute tolerance for non-integer numbers when grading.",
                            Option.Step.GRADE),
                    0,
                    null);
}
