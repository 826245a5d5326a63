package dev.sqlexam.sql;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

import java.util.regex.Pattern;

/**
 * Rejects anything but one read-only query before it reaches the database. This is defence in
 * depth: the read-only role and read-only transaction are what actually protect the data.
 */
public final class SqlGuard {

    private static final Pattern WRITE_KEYWORDS =
            Pattern.compile(
                    "(?i)\\b(INSERT|UPDATE|DELETE|MERGE|DROP|ALTER|CREATE|TRUNCATE|GRANT|REVOKE|COPY|VACUUM"
                            + "|REINDEX|LISTEN|NOTIFY|CHECKPOINT|DEALLOCATE|COMMIT|ROLLBACK|SAVEPOINT)\\b");

    /**
     * Functions with side effects beyond the query: sleeping, session state, sequences, files,
     * large objects, other backends, remote SQL.
     */
    private static final Pattern DANGEROUS_FUNCTIONS =
            Pattern.compile(
                    "(?i)(?<![\\w$])(?:\"?pg_catalog\"?\\s*\\.\\s*)?\"?("
                            + "pg_sleep(?:_for|_until)?|set_config|nextval|setval|lo_\\w+|lowrite|loread|pg_read_(?:binary_)?file|pg_ls_\\w+|pg_stat_file"
                            + "|pg_file_\\w+|pg_logdir_ls|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_switch_wal"
                            + "|pg_create_restore_point|pg_(?:try_)?advisory_\\w+|pg_notify|dblink\\w*|query_to_xml\\w*|cursor_to_xml\\w*"
                            + "|pg_logical_emit_message|pg_promote|pg_(?:start|stop)_backup|pg_backup_(?:start|stop)|pg_\\w*replication_slot\\w*"
                            + "|pg_export_snapshot|pg_import_system_collations|pg_replication_origin_\\w+|pg_wal_replay_\\w+"
                            + ")\"?\\s*\\(");

    private static final Pattern ROW_LOCK =
            Pattern.compile("(?i)\\bFOR\\s+(?:NO\\s+KEY\\s+)?(?:UPDATE|SHARE|KEY\\s+SHARE)\\b");
    private static final Pattern LEADING_QUERY =
            Pattern.compile("(?is)^[\\s(]*(SELECT|WITH|VALUES|TABLE)\\b.*");

    private SqlGuard() {}

    /**
     * The guard's answer: allowed, or blocked with a reason a user can act on. {@code note}: what
     * an allowed verdict could not check (the parser could not read the statement, so only the
     * lexical checks decided); else null.
     */
    public record Verdict(boolean allowed, String reason, String note) {
        static Verdict allow() {
            return new Verdict(true, null, null);
        }

        static Verdict block(String reason) {
            return new Verdict(false, reason, null);
        }
    }

    public static Verdict check(String sql) {
        if (sql == null || sql.isBlank()) return Verdict.block("empty SQL");
        return VERDICTS.get(sql, SqlGuard::judge);
    }

    /**
     * Verdicts are a function of the text alone; query logs and candidate sets repeat their SQL.
     */
    private static final Cache<String, Verdict> VERDICTS =
            Caffeine.newBuilder().maximumSize(10_000).build();

    private static Verdict judge(String sql) {
        String body = SqlText.stripTrailingSemicolons(sql);
        String masked = SqlText.maskQuotedAndComments(body);
        if (masked.contains(";")) return Verdict.block("more than one statement");
        if (!LEADING_QUERY.matcher(masked).matches()) return Verdict.block("not a SELECT query");
        var write = WRITE_KEYWORDS.matcher(masked);
        if (write.find())
            return Verdict.block(
                    "write or session keyword " + write.group(1).toUpperCase() + " in query");
        var function = DANGEROUS_FUNCTIONS.matcher(SqlText.maskStringsAndComments(body));
        if (function.find())
            return Verdict.block(
                    "function "
                            + function.group(1).toLowerCase()
                            + "() has side effects outside the query");
        if (ROW_LOCK.matcher(masked).find())
            return Verdict.block("row locks (FOR UPDATE / SHARE) are not reads");
        try {
            Statements statements = SqlParsing.parseStatements(body);
            if (statements.size() != 1) return Verdict.block("more than one statement");
            Statement statement = statements.get(0);
            if (!(statement instanceof Select select)) {
                return Verdict.block("not a SELECT query: " + statement.getClass().getSimpleName());
            }
            if (select instanceof PlainSelect plain && plain.getIntoTables() != null) {
                return Verdict.block("SELECT INTO creates a table");
            }
        } catch (Exception | StackOverflowError e) {
            // PostgreSQL accepts more than the parser knows: the lexical checks above decide, and
            // the verdict says so
            if (SqlText.hasTopLevel(body, "INTO"))
                return Verdict.block("SELECT INTO creates a table");
            return new Verdict(
                    true,
                    null,
                    "allowed on the lexical checks alone: JSqlParser could not read it ("
                            + SqlParsing.reason(e)
                            + ")");
        }
        if (SqlText.hasTopLevel(body, "INTO")) return Verdict.block("SELECT INTO creates a table");
        return Verdict.allow();
    }
}
