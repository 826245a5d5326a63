package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Function calls in SQL text, matched with balanced parentheses and rewritten inside out. */
final class FunctionCalls {

    private FunctionCalls() {}

    /**
     * Replaces every call {@code NAME(args)} with {@code arity} top-level arguments; null from
     * {@code rewrite} keeps it.
     */
    static String replaceCalls(
            String s, String name, Function<List<String>, String> rewrite, int arity) {
        Pattern p = Pattern.compile("(?i)(?<![\\w$.])" + name + "\\s*\\(");
        StringBuilder out = new StringBuilder();
        int from = 0;
        Matcher m = p.matcher(s);
        while (m.find(from)) {
            int open = m.end() - 1;
            int close = closing(s, open);
            if (close < 0) break;
            List<String> original = splitArgs(s.substring(open + 1, close));
            List<String> args = new ArrayList<>();
            for (String arg : original) args.add(replaceCalls(arg, name, rewrite, arity));
            String replacement = args.size() == arity ? rewrite.apply(args) : null;
            if (replacement == null) {
                replacement =
                        args.equals(original)
                                ? s.substring(m.start(), close + 1)
                                : s.substring(m.start(), open + 1) + String.join(", ", args) + ")";
            }
            out.append(s, from, m.start()).append(replacement);
            from = close + 1;
        }
        return out.append(s.substring(from)).toString();
    }

    private static int closing(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            if (s.charAt(i) == '(') depth++;
            else if (s.charAt(i) == ')' && --depth == 0) return i;
        }
        return -1;
    }

    private static List<String> splitArgs(String inner) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                args.add(inner.substring(start, i).strip());
                start = i + 1;
            }
        }
        if (!inner.isBlank()) args.add(inner.substring(start).strip());
        return args;
    }
}
