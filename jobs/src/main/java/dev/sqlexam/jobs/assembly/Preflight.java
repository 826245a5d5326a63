package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Choices;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReadAccessCheck;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ReaderRole;
import dev.sqlexam.database.ServerCapacity;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.retrieval.BackwardRecall;
import dev.sqlexam.sql.GoldTables;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What is checked before a job starts, so that nothing the user's server decides is charged to a
 * model: who runs candidate SQL, how many connections the server allows the job, and whether that
 * identity can read every table the golds use (granting the least that works, or stopping with the
 * statements an administrator must run).
 */
public final class Preflight {

    /** The client's own connections beside the pools (run catalog, results sink, this check). */
    static final int CLIENT_CONNECTIONS = 3;

    /** The pre-flight found something it may not fix; nothing has run. */
    public static final class Failed extends IllegalStateException {
        Failed(String message) {
            super(message);
        }
    }

    /** Who reads, within which budget, and what was granted. */
    public record Result(
            ReaderAccess reader, ConnectionPolicy connections, ReadAccessCheck.Report access) {}

    private Preflight() {}

    /**
     * Who reads within which budget, checked (and granted) for each database's gold tables (none:
     * only who reads and the budget) read on the connection that checks its access ({@link
     * #goldTableReaders}).
     */
    public static Result checked(
            Settings settings,
            JdbcUrlTemplate admin,
            ServerProbe server,
            Map<String, ReadAccessCheck.TablesToCheck> goldTables,
            PrintStream out)
            throws SQLException {
        ReaderAccess reader = reader(settings, admin, server);
        if (reader.note() != null) out.println("[sqlexam] note: " + reader.note());

        String loginRole = reader.url().user() != null ? reader.url().user() : server.currentUser();
        ServerCapacity capacity = ServerCapacity.read(admin, server.database(), loginRole);
        boolean clientAsRole = loginRole.equals(admin.user());
        int budget =
                capacity.budget(
                        settings.get(SqlExamOptions.MAX_CONNECTIONS_PER_SERVER),
                        CLIENT_CONNECTIONS,
                        clientAsRole);
        if (capacity.free() <= CLIENT_CONNECTIONS) {
            throw new Failed(
                    "the server "
                            + admin.server()
                            + " has "
                            + capacity.free()
                            + " free connection slot(s) of "
                            + capacity.maxConnections()
                            + "; an exam needs at least "
                            + (CLIENT_CONNECTIONS + 1));
        }
        ConnectionPolicy connections = ConnectionPolicy.from(settings).withBudget(budget);
        out.println("[sqlexam] " + capacity.describe(budget));

        boolean mayGrant =
                settings.get(SqlExamOptions.GRANT_READ_ACCESS)
                        && reader.privilegesOf() != null
                        && !server.readOnly();
        ReadAccessCheck.Report access;
        try {
            access = new ReadAccessCheck(admin, reader.privilegesOf(), mayGrant).run(goldTables);
        } catch (ReadAccessCheck.Unreachable unreachable) {
            throw new Failed(unreachable.getMessage());
        }
        report(access, out);
        if (!access.ok()) {
            String why =
                    reader.privilegesOf() == null
                            ? "and candidate SQL runs as the connecting user, who lacks it"
                            : mayGrant
                                    ? "and the connecting user may not grant it"
                                    : "and granting is off (--no-grant)";
            throw new Failed(missing(access, why));
        }
        return new Result(reader, connections, access);
    }

    /**
     * Who runs gold and candidate SQL. On a read-only server nothing is created or granted: the
     * connecting user, in read-only transactions. Elsewhere sqlexam's reader role, created first
     * where missing when granting is on.
     */
    public static ReaderAccess reader(
            Settings settings, JdbcUrlTemplate admin, ServerProbe server) {
        if (server.readOnly()) {
            return ReaderAccess.connectingUser(
                    admin,
                    "the server "
                            + admin.server()
                            + " is "
                            + server.readOnlyReason()
                            + ": nothing is created or granted there; gold and candidate SQL run as '"
                            + admin.user()
                            + "' inside read-only transactions");
        }
        boolean connectingUser =
                settings.get(SqlExamOptions.READER) == Choices.Reader.CONNECTING_USER;
        if (!connectingUser && settings.get(SqlExamOptions.GRANT_READ_ACCESS))
            ReaderRole.ensure(admin, server.database());
        return ReaderAccess.resolve(
                admin,
                server.database(),
                settings.get(SqlExamOptions.READER_PASSWORD),
                connectingUser);
    }

    /**
     * Per database of the exam set, how to read the tables its golds read on a connection to it
     * (the pre-flight's own, so that one connection per database serves both).
     */
    public static Map<String, ReadAccessCheck.TablesToCheck> goldTableReaders(
            JdbcUrlTemplate admin, List<ExamQuestion> questions) {
        Map<String, List<ExamQuestion>> byDb = new TreeMap<>();
        // the lines the job will read (questions on databases the server lacks are rejected there,
        // not checked here)
        for (ExamQuestion q : questions) {
            // a SQLite file is read as a read-only file, by no role of the server
            if (q.onSqlite()) continue;
            // without {db} in the URL every question runs on the one database the URL names
            byDb.computeIfAbsent(
                            admin.perDatabase() ? q.db() : admin.fixedDatabase(),
                            k -> new ArrayList<>())
                    .add(q);
        }
        Map<String, ReadAccessCheck.TablesToCheck> readers = new TreeMap<>();
        byDb.forEach((db, onDb) -> readers.put(db, c -> tablesOf(c, onDb)));
        return readers;
    }

    private static Set<String> tablesOf(Connection c, List<ExamQuestion> questions) {
        Set<String> tables = new TreeSet<>();
        // a gold asked many times (a large set, the same questions under new ids) is planned once
        Set<String> planned = new HashSet<>();
        for (ExamQuestion q : questions) {
            tables.addAll(q.goldTables());
            for (String sql : q.allGoldSql()) {
                if (!planned.add(sql)) continue;
                try {
                    tables.addAll(GoldTables.of(c, sql));
                } catch (SQLException planFailed) {
                    // a gold the connecting user may not plan names the tables to check in its
                    // text; any other gold that cannot be planned is graded gold_error, its given
                    // gold_tables still checked
                    if (GoldTables.infrastructure(planFailed))
                        tables.addAll(BackwardRecall.tablesOf(sql));
                }
            }
        }
        return tables;
    }

    private static void report(ReadAccessCheck.Report access, PrintStream out) {
        out.printf(
                "[sqlexam] read access: %s checked on %d gold table(s) in %d database(s)%n",
                access.role(), access.tables(), access.databases());
        if (access.granted().isEmpty()) return;
        out.println(
                "[sqlexam] granted "
                        + access.role()
                        + " (read rights only, on the exam's databases):");
        int shown = 0;
        for (String g : access.granted()) {
            if (shown++ == 12) {
                out.println(
                        "[sqlexam]   … and "
                                + (access.granted().size() - 12)
                                + " more (grants.sql in the run folder)");
                break;
            }
            out.println("[sqlexam]   " + g);
        }
    }

    private static String missing(ReadAccessCheck.Report access, String why) {
        StringBuilder m =
                new StringBuilder(
                        "pre-flight: "
                                + access.role()
                                + " cannot read "
                                + access.missing().size()
                                + " gold table(s) "
                                + why
                                + "; nothing has run. An administrator can run:");
        int shown = 0;
        for (ReadAccessCheck.Missing x : access.missing()) {
            if (shown++ == 20) {
                m.append("\n  … and ").append(access.missing().size() - 20).append(" more");
                break;
            }
            m.append("\n  database ")
                    .append(x.database())
                    .append(", table ")
                    .append(x.table())
                    .append(": ")
                    .append(x.statement());
        }
        m.append(
                "\nor rerun with --reader connecting-user to run candidate SQL as the connecting user (read-only transactions).");
        return m.toString();
    }

    /** The statements the check ran, one per line, for the run folder. */
    public static void writeGrants(ReadAccessCheck.Report access, Path file) throws IOException {
        if (access.granted().isEmpty()) return;
        List<String> lines = new ArrayList<>();
        lines.add(
                "-- granted by sqlexam's pre-flight check to "
                        + access.role()
                        + " (database: statement)");
        lines.addAll(access.granted());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
