package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * The one lexer of SQL text that lint, references, normalization and autocorrect share: it cuts a
 * query into code, string literals (with doubled quotes), quoted identifiers, dollar-quoted strings
 * and comments (nested block comments included), each span with its end and whether it was closed.
 */
public final class SqlLexer {

    /** What a span of text is. */
    public enum Kind {
        CODE,
        STRING,
        QUOTED_IDENTIFIER,
        DOLLAR_STRING,
        COMMENT
    }

    /**
     * {@code [start, end)} of the text; {@code closed} is false for a literal or comment that runs
     * to the end unclosed.
     */
    public record Span(Kind kind, int start, int end, boolean closed) {}

    private SqlLexer() {}

    public static List<Span> spans(String sql) {
        List<Span> out = new ArrayList<>();
        int n = sql.length();
        int code = 0;
        int i = 0;
        while (i < n) {
            Span token = tokenAt(sql, i);
            if (token == null) {
                i++;
                continue;
            }
            if (code < i) out.add(new Span(Kind.CODE, code, i, true));
            out.add(token);
            i = token.end();
            code = i;
        }
        if (code < n) out.add(new Span(Kind.CODE, code, n, true));
        return out;
    }

    /**
     * The closed string literal that starts at {@code i} (its quotes included), or null when none
     * does.
     */
    public static Span stringAt(String sql, int i) {
        if (i >= sql.length() || sql.charAt(i) != '\'') return null;
        Span span = quoted(sql, i, Kind.STRING, escapeStringAt(sql, i));
        return span.closed() ? span : null;
    }

    /**
     * The values of the query's closed string literals, unquoted ({@code ''} as {@code '}); none
     * from comments or identifiers.
     */
    public static List<String> stringValues(String sql) {
        List<String> out = new ArrayList<>();
        for (Span span : spans(sql)) {
            if (span.kind() == Kind.STRING && span.closed())
                out.add(sql.substring(span.start() + 1, span.end() - 1).replace("''", "'"));
        }
        return out;
    }

    /**
     * The comment, string, quoted identifier or dollar-quoted string that starts at {@code i}; null
     * where code goes on.
     */
    private static Span tokenAt(String sql, int i) {
        char c = sql.charAt(i);
        char next = i + 1 < sql.length() ? sql.charAt(i + 1) : 0;
        if (c == '-' && next == '-') {
            int nl = sql.indexOf('\n', i);
            return new Span(Kind.COMMENT, i, nl < 0 ? sql.length() : nl, true);
        }
        if (c == '/' && next == '*') return blockComment(sql, i);
        if (c == '\'') return quoted(sql, i, Kind.STRING, escapeStringAt(sql, i));
        if (c == '"') return quoted(sql, i, Kind.QUOTED_IDENTIFIER, false);
        if (c == '$') return dollarQuoted(sql, i);
        return null;
    }

    /** A block comment; PostgreSQL's nest. */
    private static Span blockComment(String sql, int start) {
        int n = sql.length();
        int depth = 0;
        int j = start;
        while (j < n) {
            if (j + 1 < n && sql.charAt(j) == '/' && sql.charAt(j + 1) == '*') {
                depth++;
                j += 2;
            } else if (j + 1 < n && sql.charAt(j) == '*' && sql.charAt(j + 1) == '/') {
                depth--;
                j += 2;
                if (depth == 0) return new Span(Kind.COMMENT, start, j, true);
            } else {
                j++;
            }
        }
        return new Span(Kind.COMMENT, start, n, false);
    }

    /**
     * Whether the quote at {@code i} opens an escape string ({@code E'…'}, where a backslash takes
     * the character after it, a quote included): an {@code E} before it that starts a word.
     */
    private static boolean escapeStringAt(String sql, int i) {
        if (i < 1 || Character.toUpperCase(sql.charAt(i - 1)) != 'E') return false;
        if (i < 2) return true;
        char before = sql.charAt(i - 2);
        return !(Character.isLetterOrDigit(before) || before == '_' || before == '$');
    }

    /**
     * A string or quoted identifier; a doubled quote stays inside, and in an escape string a quote
     * after a backslash.
     */
    private static Span quoted(String sql, int start, Kind kind, boolean backslashEscapes) {
        char quote = sql.charAt(start);
        int n = sql.length();
        int j = start + 1;
        while (j < n) {
            if (backslashEscapes && sql.charAt(j) == '\\') {
                j += 2;
                continue;
            }
            if (sql.charAt(j) == quote) {
                if (j + 1 < n && sql.charAt(j + 1) == quote) {
                    j += 2;
                    continue;
                }
                return new Span(kind, start, j + 1, true);
            }
            j++;
        }
        return new Span(kind, start, n, false);
    }

    /**
     * {@code $tag$ … $tag$}; a {@code $} that opens no tag (a parameter, part of a name) is code.
     */
    private static Span dollarQuoted(String sql, int start) {
        int tagEnd = sql.indexOf('$', start + 1);
        String tag = tagEnd > start ? sql.substring(start, tagEnd + 1) : null;
        if (tag == null
                || !tag.matches("\\$[A-Za-z_]*\\$")
                || (start > 0 && Character.isLetterOrDigit(sql.charAt(start - 1)))) return null;
        int close = sql.indexOf(tag, tagEnd + 1);
        return new Span(
                Kind.DOLLAR_STRING,
                start,
                close < 0 ? sql.length() : close + tag.length(),
                close >= 0);
    }
}
