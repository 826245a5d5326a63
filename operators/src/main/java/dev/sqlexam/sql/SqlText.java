package dev.sqlexam.sql;

/** Lexical helpers that respect quotes, comments and parentheses without a full parse. */
public final class SqlText {

    private SqlText() {}

    /**
     * Removes comments and string/identifier contents, and marks parenthesis depth: returns the
     * text where every character inside quotes or comments is replaced by a space, keeping
     * positions.
     */
    public static String maskQuotedAndComments(String sql) {
        return mask(sql, false);
    }

    /**
     * Like {@link #maskQuotedAndComments} but keeps double-quoted identifiers (quotes included):
     * names stay visible.
     */
    public static String maskStringsAndComments(String sql) {
        return mask(sql, true);
    }

    private static String mask(String sql, boolean keepIdentifiers) {
        char[] out = sql.toCharArray();
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            boolean keep =
                    span.kind() == SqlLexer.Kind.CODE
                            || keepIdentifiers && span.kind() == SqlLexer.Kind.QUOTED_IDENTIFIER;
            if (!keep) java.util.Arrays.fill(out, span.start(), span.end(), ' ');
        }
        return new String(out);
    }

    /**
     * True when the masked text has the keyword sequence (e.g. "ORDER BY") at parenthesis depth 0.
     */
    public static boolean hasTopLevel(String sql, String keywordRegex) {
        String masked = maskQuotedAndComments(sql);
        StringBuilder top = new StringBuilder(masked.length());
        int depth = 0;
        for (char c : masked.toCharArray()) {
            if (c == '(') depth++;
            else if (c == ')') depth = Math.max(0, depth - 1);
            else top.append(depth == 0 ? c : ' ');
            if (c == '(' || c == ')') top.append(' ');
        }
        return java.util.regex.Pattern.compile("(?i)\\b" + keywordRegex + "\\b")
                .matcher(top)
                .find();
    }

    /** Strips trailing semicolons, whitespace, and comments after the last semicolon. */
    public static String stripTrailingSemicolons(String sql) {
        String s = sql.strip();
        while (true) {
            // a comment after the last semicolon ("SELECT 1; -- total") ends no second statement
            String masked = maskQuotedAndComments(s).stripTrailing();
            if (!masked.endsWith(";")) return s;
            s = s.substring(0, masked.length() - 1).strip();
        }
    }

    /**
     * Applies {@code pattern} → {@code replacement} (a regex replacement string) to the SQL outside
     * its string literals and comments, so identifiers change and values never do.
     */
    public static String replaceInCode(
            String sql, java.util.regex.Pattern pattern, String replacement) {
        String masked = maskQuotedAndComments(sql.replace('"', '\u0000'));
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < sql.length()) {
            boolean code =
                    masked.charAt(i) != ' '
                            || sql.charAt(i) == ' '
                            || Character.isWhitespace(sql.charAt(i));
            int j = i;
            while (j < sql.length()
                    && (masked.charAt(j) != ' ' || Character.isWhitespace(sql.charAt(j))) == code)
                j++;
            String segment = sql.substring(i, j);
            out.append(code ? pattern.matcher(segment).replaceAll(replacement) : segment);
            i = j;
        }
        return out.toString();
    }
}
