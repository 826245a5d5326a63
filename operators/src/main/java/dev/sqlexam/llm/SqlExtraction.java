package dev.sqlexam.llm;

import dev.sqlexam.sql.SqlText;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the SQL in a model's reply: drops {@code <think>} sections, prefers fenced code blocks,
 * skips prose around them, keeps the first SELECT/WITH statement of several, strips trailing
 * semicolons. A reply with no query is reported as such, never thrown.
 */
public final class SqlExtraction {

    private static final Pattern THINK = Pattern.compile("(?is)<think>.*?(</think>|$)");
    private static final Pattern FENCE = Pattern.compile("(?s)```[ \\t]*([A-Za-z]*)[ \\t]*\\n?(.*?)```");
    private static final Pattern QUERY_START = Pattern.compile("(?is)\\b(WITH|SELECT)\\b");

    /** The query found, or why none was. */
    public record Extracted(String sql, String problem) {
        public boolean ok() {
            return sql != null;
        }
    }

    private SqlExtraction() {}

    public static Extracted extract(String reply) {
        if (reply == null || reply.isBlank()) return new Extracted(null, "empty reply");
        String text = THINK.matcher(reply).replaceAll("").strip();
        if (text.isEmpty()) return new Extracted(null, "the reply holds only a <think> section");
        Matcher fence = FENCE.matcher(text);
        String sqlFence = null;
        String anyFence = null;
        while (fence.find()) {
            String lang = fence.group(1).toLowerCase(Locale.ROOT);
            String body = fence.group(2).strip();
            if (sqlFence == null && (lang.equals("sql") || lang.equals("postgresql") || lang.equals("pgsql"))) sqlFence = body;
            if (anyFence == null && QUERY_START.matcher(body).find()) anyFence = body;
        }
        String candidate = sqlFence != null ? sqlFence : anyFence != null ? anyFence : text;
        String statement = firstQuery(candidate);
        if (statement == null) statement = otherStatement(candidate);
        return statement == null ? new Extracted(null, "no SELECT or WITH query in the reply") : new Extracted(statement, null);
    }

    /** The first statement that is a query, starting at its SELECT/WITH and ending at its top-level semicolon. */
    static String firstQuery(String text) {
        String masked = SqlText.maskQuotedAndComments(text);
        Matcher m = QUERY_START.matcher(masked);
        while (m.find()) {
            int start = m.start();
            int end = masked.indexOf(';', start);
            String statement = SqlText.stripTrailingSemicolons(text.substring(start, end < 0 ? text.length() : end));
            if (statement.length() > 6) return cutTrailingProse(statement);
        }
        return null;
    }

    private static final Pattern OTHER_STATEMENT = Pattern.compile("(?is)^(INSERT|UPDATE|DELETE|MERGE|DROP|ALTER|CREATE|TRUNCATE|GRANT|REVOKE"
            + "|COPY|DO|CALL|SET|RESET|BEGIN|COMMIT|VACUUM|LOCK|EXPLAIN|PREPARE|EXECUTE)\\b");

    /**
     * A reply that holds no query but starts with another statement (the model obeyed "drop the table") is kept as a
     * candidate, so the validator blocks it and the log shows what the model answered.
     */
    private static String otherStatement(String text) {
        String stripped = text.strip();
        if (!OTHER_STATEMENT.matcher(stripped).find()) return null;
        int end = SqlText.maskQuotedAndComments(stripped).indexOf(';');
        return SqlText.stripTrailingSemicolons(end < 0 ? stripped : stripped.substring(0, end)).strip();
    }

    /** A reply without a fence may continue with prose after the query: stop at a blank line followed by words. */
    private static String cutTrailingProse(String statement) {
        String[] parts = statement.split("\\n\\s*\\n", 2);
        if (parts.length == 2 && !QUERY_START.matcher(parts[1]).lookingAt()
                && parts[1].strip().matches("(?s)[A-Z][a-z].*")) {
            return parts[0].strip();
        }
        return statement.strip();
    }

    /** The form candidates are deduplicated by: whitespace collapsed, keywords and names lower-cased outside quotes. */
    public static String normalize(String sql) {
        String stripped = SqlText.stripTrailingSemicolons(sql);
        String masked = SqlText.maskQuotedAndComments(stripped);
        StringBuilder out = new StringBuilder(stripped.length());
        boolean space = false;
        for (int i = 0; i < stripped.length(); i++) {
            char c = stripped.charAt(i);
            boolean quoted = masked.charAt(i) == ' ' && !Character.isWhitespace(c);
            if (!quoted && Character.isWhitespace(c)) {
                space = true;
                continue;
            }
            if (space && out.length() > 0) out.append(' ');
            space = false;
            out.append(quoted ? c : Character.toLowerCase(c));
        }
        return out.toString();
    }
}
