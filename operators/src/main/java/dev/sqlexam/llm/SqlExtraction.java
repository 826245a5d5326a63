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
    private static final Pattern FENCE =
            Pattern.compile("(?s)```[ \\t]*([A-Za-z]*)[ \\t]*\\n?(.*?)```");
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
            if (sqlFence == null
                    && (lang.equals("sql") || lang.equals("postgresql") || lang.equals("pgsql")))
                sqlFence = body;
            if (anyFence == null && QUERY_START.matcher(body).find()) anyFence = body;
        }
        boolean fenced = sqlFence != null || anyFence != null;
        String candidate = sqlFence != null ? sqlFence : anyFence != null ? anyFence : text;
        String statement = firstQuery(candidate, fenced);
        if (statement == null) statement = otherStatement(candidate);
        if (statement != null) return new Extracted(statement, null);
        Matcher refusal = REFUSAL.matcher(text);
        if (refusal.find()) return new Extracted(null, "the model declined: " + snippet(text));
        return new Extracted(null, "no SELECT or WITH query in the reply");
    }

    static String firstQuery(String text) {
        return firstQuery(text, true);
    }

    /**
     * The first statement that is a query, starting at its SELECT/WITH and ending at its top-level
     * semicolon. Outside a code fence a query starts a line (or follows a colon, "SQL: SELECT ...",
     * or another statement), and the word must begin SQL, not prose: "I cannot help with that."
     * holds no query.
     */
    static String firstQuery(String text, boolean fenced) {
        String masked = SqlText.maskQuotedAndComments(text);
        Matcher m = QUERY_START.matcher(masked);
        while (m.find()) {
            int start = m.start();
            if (!fenced && !startsALine(text, start)) continue;
            int end = masked.indexOf(';', start);
            String statement =
                    cutTrailingProse(
                            SqlText.stripTrailingSemicolons(
                                    text.substring(start, end < 0 ? text.length() : end)));
            if (statement.length() > 6 && looksLikeQuery(statement)) return statement;
        }
        return null;
    }

    private static final Pattern CTE_START =
            Pattern.compile(
                    "(?is)^WITH\\s+(RECURSIVE\\s+)?(\"[^\"]+\"|[\\w$]+)\\s*(\\([^)]*\\))?\\s*AS\\s+(NOT\\s+)?(MATERIALIZED\\s+)?\\(");
    private static final Pattern SELECT_START = Pattern.compile("(?is)^SELECT\\s+\\S");
    private static final Pattern HAS_FROM = Pattern.compile("(?i)\\bFROM\\b");
    private static final Pattern WORDS_ONLY =
            Pattern.compile("(?is)^SELECT\\s+(?:DISTINCT\\s+)?[a-z]+\\s+[a-z]+\\s+[a-z]+\\b");
    private static final Pattern REFUSAL =
            Pattern.compile(
                    "(?i)\\b(I\\s*(cannot|can't|can not|am unable|'m unable|am not able|won't|will not)"
                            + "|I'm sorry|I am sorry|sorry, |as an AI|I apologi[sz]e|unable to (help|assist|answer|provide))");

    /** SQL, not a sentence that happens to start with "with" or "select". */
    static boolean looksLikeQuery(String statement) {
        String s = statement.strip();
        if (CTE_START.matcher(s).find()) return true;
        if (!SELECT_START.matcher(s).find()) return false;
        if (s.matches("(?s).*[.?!]$")) return false;
        return HAS_FROM.matcher(SqlText.maskQuotedAndComments(s)).find()
                || !WORDS_ONLY.matcher(s).find();
    }

    private static boolean startsALine(String text, int at) {
        for (int i = at - 1; i >= 0; i--) {
            char c = text.charAt(i);
            if (c == '\n' || c == ':' || c == ';' || c == '>' || c == '`') return true;
            if (!Character.isWhitespace(c) && c != '*' && c != '-') return false;
        }
        return true;
    }

    private static String snippet(String text) {
        String one = text.strip().replaceAll("\\s+", " ");
        return one.length() > 120 ? one.substring(0, 120) + "…" : one;
    }

    private static final Pattern OTHER_STATEMENT =
            Pattern.compile(
                    "(?is)^(INSERT|UPDATE|DELETE|MERGE|DROP|ALTER|CREATE|TRUNCATE|GRANT|REVOKE"
                            + "|COPY|DO|CALL|SET|RESET|BEGIN|COMMIT|VACUUM|LOCK|EXPLAIN|PREPARE|EXECUTE)\\b");

    /**
     * A reply that holds no query but starts with another statement (the model obeyed "drop the
     * table") is kept as a candidate, so the validator blocks it and the log shows what the model
     * answered.
     */
    private static String otherStatement(String text) {
        String stripped = text.strip();
        if (!OTHER_STATEMENT.matcher(stripped).find()) return null;
        int end = SqlText.maskQuotedAndComments(stripped).indexOf(';');
        return SqlText.stripTrailingSemicolons(end < 0 ? stripped : stripped.substring(0, end))
                .strip();
    }

    /**
     * A reply without a fence may continue with prose after the query: stop at a blank line
     * followed by words.
     */
    private static String cutTrailingProse(String statement) {
        String[] parts = statement.split("\\n\\s*\\n", 2);
        if (parts.length == 2
                && !QUERY_START.matcher(parts[1]).lookingAt()
                && parts[1].strip().matches("(?s)[A-Z][a-z].*")) {
            return parts[0].strip();
        }
        return statement.strip();
    }

    /**
     * The form candidates are deduplicated by: whitespace collapsed, keywords and names lower-cased
     * outside quotes.
     */
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
