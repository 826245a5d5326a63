package dev.sqlexam.sql;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * String literals, comments and dollar-quoted strings set aside while the transforms run, each as
 * its number between two U+0001 characters, and put back after; one marked with U+0002 instead
 * comes back as a TO_CHAR pattern.
 */
final class LiteralPlaceholders {

    private LiteralPlaceholders() {}

    /**
     * Strings, comments and dollar-quoted strings out of the transforms' way, as numbered
     * placeholders; unclosed ones stay as they are.
     */
    static String hide(String sql, List<String> literals) {
        StringBuilder out = new StringBuilder();
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            String text = sql.substring(span.start(), span.end());
            boolean hidden =
                    span.closed()
                            && (span.kind() == SqlLexer.Kind.STRING
                                    || span.kind() == SqlLexer.Kind.COMMENT
                                    || span.kind() == SqlLexer.Kind.DOLLAR_STRING);
            if (!hidden) {
                out.append(text);
                continue;
            }
            literals.add(text);
            out.append('\u0001').append(literals.size() - 1).append('\u0001');
        }
        return out.toString();
    }

    static String restore(String code, List<String> literals) {
        Matcher m = Pattern.compile("([\u0001\u0002])(\\d+)[\u0001\u0002]").matcher(code);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String literal = literals.get(Integer.parseInt(m.group(2)));
            m.appendReplacement(
                    out,
                    Matcher.quoteReplacement(
                            m.group(1).equals("\u0002") ? toCharPattern(literal) : literal));
        }
        return m.appendTail(out).toString();
    }

    /**
     * "value" compared or listed as a value becomes a string literal; identifiers elsewhere stay
     * quoted.
     */
    static String doubleQuotedStrings(String code, List<String> literals, List<String> applied) {
        Pattern p =
                Pattern.compile(
                        "(?i)(=|<>|!=|\\bLIKE|\\bILIKE|\\bIN\\s*\\((?:[^()]*?,)?)\\s*\"([^\"]*)\"");
        String before = code;
        for (int guard = 0; guard < 50; guard++) {
            Matcher m = p.matcher(code);
            if (!m.find()) break;
            literals.add("'" + m.group(2).replace("'", "''") + "'");
            code =
                    code.substring(0, m.start(2) - 1)
                            + '\u0001'
                            + (literals.size() - 1)
                            + '\u0001'
                            + code.substring(m.end(2) + 1);
        }
        if (!code.equals(before)) applied.add("double_quoted_strings");
        return code;
    }

    /**
     * A hidden '%Y-%m' format literal, marked to come back as a TO_CHAR pattern ('YYYY-MM') when
     * literals are restored.
     */
    static String dateFormat(String arg) {
        Matcher m = Pattern.compile("^\u0001(\\d+)\u0001$").matcher(arg.strip());
        return m.matches() ? "\u0002" + m.group(1) + "\u0002" : arg.strip();
    }

    private static String toCharPattern(String literal) {
        return literal.replace("%Y", "YYYY")
                .replace("%m", "MM")
                .replace("%d", "DD")
                .replace("%H", "HH24")
                .replace("%M", "MI")
                .replace("%i", "MI")
                .replace("%S", "SS")
                .replace("%s", "SS");
    }

    /** Removes the filters comparing a column to a hidden literal {@code value} matches. */
    static String stripDivisionScope(String code, List<String> literals, Pattern value) {
        String column = "(?:[A-Za-z_][\\w$]*\\.)?[A-Za-z_][\\w$]*";
        StringBuilder ids = new StringBuilder();
        for (int i = 0; i < literals.size(); i++) {
            String lit = literals.get(i);
            if (value.matcher(lit.substring(1, lit.length() - 1)).matches())
                ids.append(ids.isEmpty() ? "" : "|").append(i);
        }
        if (ids.isEmpty()) return code;
        String cond = column + "\\s*=\\s*\u0001(?:" + ids + ")\u0001";
        return code.replaceAll("(?i)\\s+AND\\s+" + cond, "")
                .replaceAll("(?i)\\bWHERE\\s+" + cond + "\\s+AND\\s+", "WHERE ")
                .replaceAll(
                        "(?i)\\s*\\bWHERE\\s+"
                                + cond
                                + "(?=\\s*(?:\\bGROUP\\b|\\bORDER\\b|\\bLIMIT\\b|\\bHAVING\\b|\\)|;|$))",
                        "");
    }
}
