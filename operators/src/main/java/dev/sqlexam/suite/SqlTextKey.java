package dev.sqlexam.suite;

import dev.sqlexam.sql.SqlText;

/**
 * A query's text up to formatting: outside quoted strings and identifiers, case folded and runs of
 * white space made one (none beside punctuation); trailing semicolons dropped. Two queries with the
 * same key are the same query.
 */
final class SqlTextKey {

    private SqlTextKey() {}

    static String of(String sql) {
        String text = SqlText.stripTrailingSemicolons(sql).strip();
        StringBuilder out = new StringBuilder(text.length());
        boolean pendingSpace = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int end = closing(text, i, c);
                if (pendingSpace && out.length() > 0 && wordy(out.charAt(out.length() - 1)))
                    out.append(' ');
                pendingSpace = false;
                out.append(text, i, end + 1);
                i = end;
            } else if (Character.isWhitespace(c)) {
                pendingSpace = true;
            } else {
                if (pendingSpace
                        && out.length() > 0
                        && wordy(out.charAt(out.length() - 1))
                        && wordy(c)) out.append(' ');
                pendingSpace = false;
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }

    private static boolean wordy(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '\'' || c == '"';
    }

    /**
     * The index of the quote that closes the one at {@code start} (a doubled quote inside stays
     * inside); the end when none does.
     */
    private static int closing(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i;
            }
            i++;
        }
        return text.length() - 1;
    }
}
