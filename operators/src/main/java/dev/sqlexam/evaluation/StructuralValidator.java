package dev.sqlexam.evaluation;

import dev.sqlexam.sql.SqlGuard;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Seed 003's validation rules: not a SELECT, several statements and dangerous keywords fail fast; a
 * table the database does not have is an error for repair; a missing LIMIT is added (a warning).
 */
public final class StructuralValidator {

    /**
     * The verdict: blocked (never runs), the issues, and the SQL to go on with (LIMIT added when
     * missing).
     */
    public record Validation(
            boolean blocked,
            String blockReason,
            List<String> errors,
            List<String> warnings,
            String sql)
            implements Serializable {
        public boolean ok() {
            return !blocked && errors.isEmpty();
        }
    }

    /** How an unknown-table error starts; the table name follows. */
    public static final String UNKNOWN_TABLE = "unknown table ";

    private StructuralValidator() {}

    /**
     * {@code knownTables}: every table of the database (empty: not checked); {@code limit}: the
     * LIMIT added when missing.
     */
    public static Validation validate(String sql, Set<String> knownTables, int limit) {
        SqlGuard.Verdict verdict = SqlGuard.check(sql);
        if (!verdict.allowed())
            return new Validation(
                    true, verdict.reason(), List.of(verdict.reason()), List.of(), sql);
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (verdict.note() != null) warnings.add(verdict.note());
        SqlReferences refs = SqlReferences.of(sql);
        Set<String> ctes = cteNames(sql);
        if (!knownTables.isEmpty()) {
            for (String t : refs.tables()) {
                if (!knownTables.contains(t) && !ctes.contains(t)) errors.add(UNKNOWN_TABLE + t);
            }
        }
        String body = SqlText.stripTrailingSemicolons(sql);
        if (!SqlText.hasTopLevel(body, "LIMIT") && !SqlText.hasTopLevel(body, "FETCH\\s+FIRST")) {
            warnings.add("no LIMIT: LIMIT " + limit + " added");
            body = body + "\nLIMIT " + limit;
        }
        return new Validation(false, null, errors, warnings, body);
    }

    private static Set<String> cteNames(String sql) {
        Set<String> out = new java.util.HashSet<>();
        var m =
                java.util.regex.Pattern.compile(
                                "(?i)(?:\\bWITH(?:\\s+RECURSIVE)?|,)\\s*(\"[^\"]+\"|[A-Za-z_][\\w$]*)\\s*(?:\\([^)]*\\))?\\s+AS\\s*(?:NOT\\s+)?(?:MATERIALIZED\\s*)?\\(")
                        .matcher(SqlText.maskQuotedAndComments(sql));
        while (m.find()) out.add(m.group(1).replace("\"", "").toLowerCase(java.util.Locale.ROOT));
        return out;
    }
}
