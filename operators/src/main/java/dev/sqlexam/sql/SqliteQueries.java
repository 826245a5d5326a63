package dev.sqlexam.sql;

import dev.sqlexam.io.Closing;
import dev.sqlexam.model.ErrorClass;

import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Runs SQL on SQLite files as the benchmarks' own evaluators run it (Python's {@code sqlite3}): the
 * SQL unmodified, the first statement only and nothing after it but whitespace and comments, no
 * statement at all an empty result, each value of the type SQLite stored it as (integer, real, text
 * with undecodable bytes dropped, blob, NULL). Safety: the file opened read-only, {@code
 * query_only} on, a time limit enforced inside SQLite (the query is interrupted where it runs) and
 * a row cap. Connections are kept per file, one query on each at a time.
 */
public final class SqliteQueries implements AutoCloseable {

    /** Virtual-machine steps between two looks at the clock. */
    private static final int PROGRESS_STEPS = 10_000;

    private static final int IDLE_KEPT_PER_FILE = 8;

    private final Map<Path, ConcurrentLinkedDeque<Connection>> idle = new ConcurrentHashMap<>();
    private final Map<String, Path> files = new ConcurrentHashMap<>();

    /** Names {@code file} {@code database}; false where the name is another file's already. */
    public boolean register(String database, Path file) {
        Path normal = file.toAbsolutePath().normalize();
        return files.putIfAbsent(database, normal) == null || files.get(database).equals(normal);
    }

    /** The file registered as {@code database} (null: none). */
    Path path(String database) {
        return files.get(database);
    }

    public boolean has(String database) {
        return database != null && files.containsKey(database);
    }

    /** The outcome of one query on the file named {@code database}. */
    public QueryOutcome execute(String database, String sql, long timeoutMs, int rowCap) {
        return execute(files.get(database), sql, timeoutMs, rowCap);
    }

    /** The outcome of one query on {@code file}; never throws for a failing query. */
    public QueryOutcome execute(Path file, String sql, long timeoutMs, int rowCap) {
        long start = System.nanoTime();
        Statements.First first = Statements.first(sql);
        if (first.error() != null)
            return QueryOutcome.failure("42601", ErrorClass.SQL_ERROR, first.error(), ms(start));
        Connection c;
        try {
            c = borrow(file);
        } catch (SQLException e) {
            return QueryOutcome.failure(
                    "08001",
                    ErrorClass.INFRA_FAILURE,
                    "missing_database: cannot open the SQLite file "
                            + file
                            + " ("
                            + ErrorText.firstLine(e.getMessage())
                            + ")",
                    ms(start));
        }
        boolean reusable = true;
        try {
            if (first.statement() == null)
                return QueryOutcome.success(
                        new QueryResult(List.of(), List.of(), List.of(), false), ms(start));
            long deadline = start + timeoutMs * 1_000_000L;
            boolean[] interrupted = {false};
            ProgressHandler.setHandler(
                    c,
                    PROGRESS_STEPS,
                    new ProgressHandler() {
                        @Override
                        protected int progress() {
                            if (System.nanoTime() < deadline) return 0;
                            interrupted[0] = true;
                            return 1;
                        }
                    });
            try (PreparedStatement statement = c.prepareStatement(first.statement())) {
                if (rowCap > 0) statement.setMaxRows(rowCap + 1);
                QueryResult result =
                        statement.execute()
                                ? read(statement.getResultSet(), rowCap)
                                : new QueryResult(List.of(), List.of(), List.of(), false);
                return QueryOutcome.success(result, ms(start));
            } catch (SQLException e) {
                if (interrupted[0])
                    return QueryOutcome.failure(
                            "57014",
                            ErrorClass.QUERY_TIMEOUT,
                            "canceling statement due to statement timeout (" + timeoutMs + " ms)",
                            ms(start));
                String message = message(e);
                String state = sqlState(message);
                return QueryOutcome.failure(
                        state, ErrorClass.ofSqlState(state), message, ms(start));
            } finally {
                ProgressHandler.clearHandler(c);
            }
        } catch (SQLException | RuntimeException e) {
            reusable = false;
            return QueryOutcome.failure(
                    null,
                    ErrorClass.INFRA_FAILURE,
                    "SQLite " + file + ": " + e.getClass().getSimpleName() + ": " + e.getMessage(),
                    ms(start));
        } finally {
            giveBack(file, c, reusable);
        }
    }

    private Connection borrow(Path file) throws SQLException {
        Connection kept =
                idle.computeIfAbsent(file, f -> new ConcurrentLinkedDeque<>()).pollFirst();
        return kept != null ? kept : open(file);
    }

    private void giveBack(Path file, Connection c, boolean reusable) {
        var deque = idle.get(file);
        if (reusable && deque != null && deque.size() < IDLE_KEPT_PER_FILE) {
            deque.offerFirst(c);
            return;
        }
        Closing.quietly(c);
    }

    /**
     * The tables a query reads on {@code file}, as SQLite's own program for it opens them (the root
     * page of each table or index it reads, named by {@code sqlite_master}), lower case; empty
     * where the query has no statement or cannot be compiled, or the file cannot be read.
     */
    public List<String> tablesRead(Path file, String sql) {
        Statements.First first = Statements.first(sql);
        if (first.statement() == null) return List.of();
        try {
            Connection c = borrow(file);
            try {
                return tablesRead(c, first.statement());
            } finally {
                giveBack(file, c, true);
            }
        } catch (SQLException unreadable) {
            // a file that cannot be opened or read, or a gold SQLite cannot compile: the health
            // check runs the gold there and reports its error
            return List.of();
        }
    }

    private static List<String> tablesRead(Connection c, String statement) throws SQLException {
        Map<Long, String> byRootPage = new java.util.HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT rootpage, tbl_name FROM sqlite_master"
                                        + " WHERE type IN ('table', 'index')")) {
            while (rs.next()) byRootPage.put(rs.getLong(1), rs.getString(2));
        }
        java.util.Set<String> tables = new java.util.LinkedHashSet<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN " + statement)) {
            while (rs.next()) {
                String opcode = rs.getString("opcode");
                if (!"OpenRead".equals(opcode) || rs.getInt("p3") != 0) continue;
                String table = byRootPage.get(rs.getLong("p2"));
                if (table != null) tables.add(table.toLowerCase(Locale.ROOT));
            }
        }
        return List.copyOf(tables);
    }

    /** A read-only connection to {@code file} with {@code query_only} on. */
    public static Connection open(Path file) throws SQLException {
        if (!Files.isRegularFile(file))
            throw new SQLException("no SQLite database file at " + file, "08001");
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        Connection c =
                DriverManager.getConnection(
                        "jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA query_only = 1");
        } catch (SQLException e) {
            Closing.quietly(c);
            throw e;
        }
        return c;
    }

    /** The rows with each value of its own storage type; a column's kind is that of its values. */
    static QueryResult read(ResultSet rs, int rowCap) throws SQLException {
        try (rs) {
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            List<String> names = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) names.add(md.getColumnLabel(i));
            ColumnKind[] kinds = new ColumnKind[n];
            List<List<Object>> rows = new ArrayList<>();
            boolean truncated = false;
            boolean[] undecodable = {false};
            while (rs.next()) {
                if (rowCap > 0 && rows.size() >= rowCap) {
                    truncated = true;
                    break;
                }
                List<Object> row = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    Object v = value(rs, i + 1, undecodable);
                    row.add(v);
                    kinds[i] = merge(kinds[i], v);
                }
                rows.add(row);
            }
            List<ColumnKind> columnKinds = new ArrayList<>(n);
            for (ColumnKind k : kinds) columnKinds.add(k == null ? ColumnKind.OTHER : k);
            return new QueryResult(names, columnKinds, rows, truncated, undecodable[0]);
        }
    }

    private static Object value(ResultSet rs, int col, boolean[] undecodable) throws SQLException {
        Object o = rs.getObject(col);
        if (o == null) return null;
        if (o instanceof Integer i) return ResultValues.canonicalInteger(i);
        if (o instanceof Long l) return ResultValues.canonicalInteger(l);
        if (o instanceof Double || o instanceof Float) return ((Number) o).doubleValue();
        if (o instanceof byte[] b) return new Blob(HexFormat.of().formatHex(b));
        // text: its bytes decoded as Python's evaluators decode them, undecodable bytes dropped.
        // The driver decodes them too, marking each undecodable sequence with U+FFFD: without one,
        // its text is already Python's
        if (o instanceof String text && text.indexOf('\uFFFD') < 0) return text;
        byte[] bytes = rs.getBytes(col);
        if (bytes == null) return o.toString();
        String text = utf8DroppingErrors(bytes);
        if (text.getBytes(StandardCharsets.UTF_8).length != bytes.length) undecodable[0] = true;
        return text;
    }

    /** A BLOB value: never equal to text, as bytes are not to str in Python. */
    public record Blob(String hex) {
        @Override
        public String toString() {
            return "X'" + hex.toUpperCase(Locale.ROOT) + "'";
        }
    }

    private static ColumnKind merge(ColumnKind kind, Object v) {
        if (v == null) return kind;
        ColumnKind of =
                v instanceof String
                        ? ColumnKind.TEXT
                        : v instanceof Number ? ColumnKind.NUMBER : ColumnKind.OTHER;
        return kind == null || kind == of ? of : ColumnKind.OTHER;
    }

    static String utf8DroppingErrors(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.IGNORE)
                    .onUnmappableCharacter(CodingErrorAction.IGNORE)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a decoder that ignores errors failed", e);
        }
    }

    /** SQLite's message without the driver's wrapping ("[SQLITE_ERROR] SQL error ... (msg)"). */
    private static String message(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int open = m.indexOf('(');
        if (m.startsWith("[SQLITE_") && open >= 0 && m.endsWith(")"))
            m = m.substring(open + 1, m.length() - 1);
        return ErrorText.firstLine(m);
    }

    /** The PostgreSQL SQLSTATE of the nearest meaning, so SQLite errors are classed alike. */
    static String sqlState(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.contains("no such column")) return "42703";
        if (m.contains("no such table")) return "42P01";
        if (m.contains("no such function")) return "42883";
        if (m.contains("ambiguous column")) return "42702";
        if (m.contains("readonly") || m.contains("read-only") || m.contains("query_only"))
            return "25006";
        if (m.contains("interrupted")) return "57014";
        if (m.contains("misuse of aggregate") || m.contains("wrong number of arguments"))
            return "42803";
        return "42601";
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    @Override
    public void close() {
        for (var deque : idle.values()) {
            Connection c;
            while ((c = deque.pollFirst()) != null) Closing.quietly(c);
        }
    }

    /**
     * Python's {@code sqlite3} runs the first statement of a text and refuses anything after it but
     * whitespace and comments ("You can only execute one statement at a time."); a text with no
     * statement runs nothing and returns no rows.
     */
    static final class Statements {

        record First(String statement, String error) {}

        private Statements() {}

        static First first(String sql) {
            int n = sql.length();
            int i = skipSpaceCommentsAndSemicolons(sql, 0);
            if (i >= n) return new First(null, null);
            int end = endOfStatement(sql, i);
            String tail = sql.substring(end);
            if (!onlySpaceAndComments(tail))
                return new First(null, "You can only execute one statement at a time.");
            return new First(sql.substring(i, end), null);
        }

        private static int skipSpaceCommentsAndSemicolons(String s, int i) {
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                if (c == ';' || c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') i++;
                else if (s.startsWith("--", i)) i = lineEnd(s, i);
                else if (s.startsWith("/*", i)) i = commentEnd(s, i);
                else break;
            }
            return i;
        }

        /** Just past the statement's closing semicolon, or the text's end. */
        private static int endOfStatement(String s, int i) {
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                switch (c) {
                    case '\'', '"', '`' -> i = quoteEnd(s, i, c);
                    case '[' -> {
                        int close = s.indexOf(']', i + 1);
                        i = close < 0 ? n : close + 1;
                    }
                    case '-' -> i = s.startsWith("--", i) ? lineEnd(s, i) : i + 1;
                    case '/' -> i = s.startsWith("/*", i) ? commentEnd(s, i) : i + 1;
                    case ';' -> {
                        return i + 1;
                    }
                    default -> i++;
                }
            }
            return n;
        }

        private static int quoteEnd(String s, int i, char q) {
            int n = s.length();
            i++;
            while (i < n) {
                if (s.charAt(i) == q) {
                    if (i + 1 < n && s.charAt(i + 1) == q) i += 2;
                    else return i + 1;
                } else i++;
            }
            return n;
        }

        private static int lineEnd(String s, int i) {
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl + 1;
        }

        private static int commentEnd(String s, int i) {
            int close = s.indexOf("*/", i + 2);
            return close < 0 ? s.length() : close + 2;
        }

        /** CPython's check of what follows the first statement: whitespace and comments only. */
        static boolean onlySpaceAndComments(String s) {
            int i = 0;
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r') i++;
                else if (s.startsWith("--", i)) i = lineEnd(s, i);
                else if (s.startsWith("/*", i)) i = commentEnd(s, i);
                else return false;
            }
            return true;
        }
    }
}
