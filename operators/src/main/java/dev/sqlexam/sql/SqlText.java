package dev.sqlexam.sql;

/** Lexical helpers that respect quotes, comments and parentheses without a full parse. */
public final class SqlText {

    private SqlText() {}

    /**
     * Removes comments and string/identifier contents, and marks parenthesis depth: returns the text
     * where every character inside quotes or comments is replaced by a space, keeping positions.
     */
    public static String maskQuotedAndComments(String sql) {
        return mask(sql, false);
    }

    /** Like {@link #maskQuotedAndComments} but keeps double-quoted identifiers (quotes included): names stay visible. */
    public static String maskStringsAndComments(String sql) {
        return mask(sql, true);
    }

    private static String mask(String sql, boolean keepIdentifiers) {
        char[] out = sql.toCharArray();
        int i = 0;
        int n = out.length;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') out[i++] = ' ';
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int depth = 0;
                while (i < n) {
                    if (i + 1 < n && sql.charAt(i) == '/' && sql.charAt(i + 1) == '*') {
                        depth++;
                        out[i++] = ' ';
                        out[i++] = ' ';
                    } else if (i + 1 < n && sql.charAt(i) == '*' && sql.charAt(i + 1) == '/') {
                        depth--;
                        out[i++] = ' ';
                        out[i++] = ' ';
                        if (depth == 0) break;
                    } else {
                        out[i++] = ' ';
                    }
                }
            } else if (c == '"' && keepIdentifiers) {
                int close = sql.indexOf('"', i + 1);
                i = close < 0 ? n : close + 1;
            } else if (c == '\'' || c == '"') {
                out[i++] = ' ';
                while (i < n) {
                    if (sql.charAt(i) == c) {
                        if (i + 1 < n && sql.charAt(i + 1) == c) {
                            out[i++] = ' ';
                            out[i++] = ' ';
                            continue;
                        }
                        out[i++] = ' ';
                        break;
                    }
                    out[i++] = ' ';
                }
            } else if (c == '$') {
                int tagEnd = sql.indexOf('$', i + 1);
                String tag = tagEnd > i ? sql.substring(i, tagEnd + 1) : null;
                if (tag != null && tag.matches("\\$[A-Za-z_]*\\$")) {
                    int close = sql.indexOf(tag, tagEnd + 1);
                    int end = close < 0 ? n : close + tag.length();
                    for (int k = i; k < end; k++) out[k] = ' ';
                    i = end;
                } else {
                    i++;
                }
            } else {
                i++;
            }
        }
        return new String(out);
    }

    /** True when the masked text has the keyword sequence (e.g. "ORDER BY") at parenthesis depth 0. */
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
        return java.util.regex.Pattern.compile("(?i)\\b" + keywordRegex + "\\b").matcher(top).find();
    }

    /** Strips trailing semicolons and whitespace. */
    public static String stripTrailingSemicolons(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) s = s.substring(0, s.length() - 1).strip();
        return s;
    }

    /**
     * Applies {@code pattern} → {@code replacement} (a regex replacement string) to the SQL outside its
     * string literals and comments, so identifiers change and values never do.
     */
    public static String replaceInCode(String sql, java.util.regex.Pattern pattern, String replacement) {
        String masked = maskQuotedAndComments(sql.replace('"', '\u0000'));
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < sql.length()) {
            boolean code = masked.charAt(i) != ' ' || sql.charAt(i) == ' ' || Character.isWhitespace(sql.charAt(i));
            int j = i;
            while (j < sql.length() && (masked.charAt(j) != ' ' || Character.isWhitespace(sql.charAt(j))) == code) j++;
            String segment = sql.substring(i, j);
            out.append(code ? pattern.matcher(segment).replaceAll(replacement) : segment);
            i = j;
        }
        return out.toString();
    }
}
