package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * The one lexer of SQL text that lint, references, normalization and autocorrect share: it cuts a query into code,
 * string literals (with doubled quotes), quoted identifiers, dollar-quoted strings and comments (nested block
 * comments included), each span with its end and whether it was closed.
 */
public final class SqlLexer {

    /** What a span of text is. */
    public enum Kind { CODE, STRING, QUOTED_IDENTIFIER, DOLLAR_STRING, COMMENT }

    /** {@code [start, end)} of the text; {@code closed} is false for a literal or comment that runs to the end unclosed. */
    public record Span(Kind kind, int start, int end, boolean closed) {}

    private SqlLexer() {}

    public static List<Span> spans(String sql) {
        List<Span> out = new ArrayList<>();
        int n = sql.length();
        int code = 0;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end = -1;
            Kind kind = null;
            boolean closed = true;
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                kind = Kind.COMMENT;
                int nl = sql.indexOf('\n', i);
                end = nl < 0 ? n : nl;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                kind = Kind.COMMENT;
                int depth = 0;
                int j = i;
                end = n;
                closed = false;
                while (j < n) {
                    if (j + 1 < n && sql.charAt(j) == '/' && sql.charAt(j + 1) == '*') {
                        depth++;
                        j += 2;
                    } else if (j + 1 < n && sql.charAt(j) == '*' && sql.charAt(j + 1) == '/') {
                        depth--;
                        j += 2;
                        if (depth == 0) {
                            end = j;
                            closed = true;
                            break;
                        }
                    } else {
                        j++;
                    }
                }
            } else if (c == '\'' || c == '"') {
                kind = c == '\'' ? Kind.STRING : Kind.QUOTED_IDENTIFIER;
                int j = i + 1;
                closed = false;
                end = n;
                while (j < n) {
                    if (sql.charAt(j) == c) {
                        if (j + 1 < n && sql.charAt(j + 1) == c) {
                            j += 2;
                            continue;
                        }
                        end = j + 1;
                        closed = true;
                        break;
                    }
                    j++;
                }
            } else if (c == '$') {
                int tagEnd = sql.indexOf('$', i + 1);
                String tag = tagEnd > i ? sql.substring(i, tagEnd + 1) : null;
                if (tag != null && tag.matches("\\$[A-Za-z_]*\\$") && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)))) {
                    kind = Kind.DOLLAR_STRING;
                    int close = sql.indexOf(tag, tagEnd + 1);
                    closed = close >= 0;
                    end = close < 0 ? n : close + tag.length();
                }
            }
            if (kind == null) {
                i++;
                continue;
            }
            if (code < i) out.add(new Span(Kind.CODE, code, i, true));
            out.add(new Span(kind, i, end, closed));
            i = end;
            code = end;
        }
        if (code < n) out.add(new Span(Kind.CODE, code, n, true));
        return out;
    }
}
