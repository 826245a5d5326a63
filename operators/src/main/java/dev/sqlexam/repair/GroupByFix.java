package dev.sqlexam.repair;

import dev.sqlexam.sql.SqlText;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Autocorrect's fix of a 42803: the column the error names joins the GROUP BY of the innermost
 * query level around it that groups.
 */
final class GroupByFix {

    private GroupByFix() {}

    private static final Pattern GROUPING_ERROR =
            Pattern.compile("(?i)column \"([^\"]+)\" must appear in the GROUP BY clause");

    /** A 42803: the column named by the error joins the top-level GROUP BY. */
    static String addToGroupBy(String sql, String message) {
        Matcher m = GROUPING_ERROR.matcher(message == null ? "" : message);
        if (!m.find()) return null;
        String column = m.group(1);
        String body = SqlText.stripTrailingSemicolons(sql);
        String masked = SqlText.maskQuotedAndComments(body);
        int at = wordIndex(masked, column);
        String written = column;
        if (at < 0 && column.contains(".")) {
            // PostgreSQL names the table ("t.col") where the query wrote the bare column
            written = column.substring(column.lastIndexOf('.') + 1);
            at = wordIndex(masked, written);
        }
        if (at < 0) return null;
        // the innermost enclosing query level that groups: a subquery's own GROUP BY, else the
        // outer ones
        List<int[]> spans = new ArrayList<>();
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < at; i++) {
            if (masked.charAt(i) == '(') open.push(i);
            else if (masked.charAt(i) == ')' && !open.isEmpty()) open.pop();
        }
        for (int o : open) spans.add(new int[] {o + 1, closing(masked, o)});
        spans.add(new int[] {0, masked.length()});
        for (int[] span : spans) {
            int end = groupByEnd(masked, span[0], span[1]);
            if (end < 0) continue;
            String head = body.substring(0, end).stripTrailing();
            String tail = body.substring(end);
            return head
                    + ", "
                    + written
                    + (tail.isEmpty()
                                    || Character.isWhitespace(tail.charAt(0))
                                    || tail.startsWith(")")
                            ? ""
                            : " ")
                    + tail
                    + sql.substring(body.length());
        }
        return null;
    }

    /**
     * Where the GROUP BY list of the query level spanning [from, to) ends, or -1 when that level
     * does not group.
     */
    private static int groupByEnd(String masked, int from, int to) {
        Matcher kw =
                Pattern.compile(
                                "(?i)\\bGROUP\\s+BY\\b|\\bHAVING\\b|\\bORDER\\s+BY\\b|\\bLIMIT\\b|\\bOFFSET\\b|\\bWINDOW\\b"
                                        + "|\\bUNION\\b|\\bEXCEPT\\b|\\bINTERSECT\\b|[()]")
                        .matcher(masked)
                        .region(from, to);
        int depth = 0;
        boolean inGroup = false;
        while (kw.find()) {
            String t = kw.group();
            if (t.equals("(")) depth++;
            else if (t.equals(")")) depth--;
            else if (depth == 0 && t.toUpperCase(Locale.ROOT).startsWith("GROUP")) inGroup = true;
            else if (depth == 0 && inGroup) return kw.start();
        }
        return inGroup ? to : -1;
    }

    private static int closing(String masked, int open) {
        int depth = 0;
        for (int i = open; i < masked.length(); i++) {
            if (masked.charAt(i) == '(') depth++;
            else if (masked.charAt(i) == ')' && --depth == 0) return i;
        }
        return masked.length();
    }

    private static int wordIndex(String masked, String word) {
        Matcher w =
                Pattern.compile("(?i)(?<![\\w$.])" + Pattern.quote(word) + "(?![\\w$])")
                        .matcher(masked);
        return w.find() ? w.start() : -1;
    }
}
