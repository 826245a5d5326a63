package dev.sqlexam.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Spider's official evaluator (test-suite-sql-eval, exec rule, default flags) does to the text
 * of a query before it runs it: the prediction's line split on TAB and its first field kept, the
 * substring {@code value} replaced by {@code 1} in the prediction, {@code > =}, {@code < =} and
 * {@code ! =} joined, the first statement kept with every {@code DISTINCT} token dropped (its
 * {@code remove_distinct}, through sqlparse 0.4's lexer and statement splitter, ported here rule
 * for rule), and {@code YEAR(CURDATE())} replaced by 2020 where it runs.
 */
public final class SpiderText {

    /** sqlparse found no statement in the text: the official script stops with an IndexError. */
    public static final class NoStatement extends IllegalArgumentException {
        NoStatement(String text) {
            super("no SQL statement in '" + text + "' (the official evaluator crashes on it)");
        }
    }

    private static final Pattern CURRENT_YEAR =
            Pattern.compile(
                    "YEAR\\s*\\(\\s*CURDATE\\s*\\(\\s*\\)\\s*\\)\\s*", Pattern.CASE_INSENSITIVE);

    private SpiderText() {}

    /**
     * A line of a {@code pred.txt} as the official reader takes it: stripped, its first TAB field.
     */
    public static String predictionOfLine(String line) {
        String stripped = pythonStrip(line);
        int tab = stripped.indexOf('\t');
        return tab < 0 ? stripped : stripped.substring(0, tab);
    }

    /** Whether the official reader cuts {@code line} at a TAB. */
    public static boolean cutAtTab(String line) {
        return pythonStrip(line).indexOf('\t') >= 0;
    }

    /**
     * The prediction as the exec rule runs it (before {@link #forExecution}); null where sqlparse
     * finds no statement in it (the official script stops on such a text).
     */
    public static String prediction(String sql) {
        return withoutDistinct(postprocess(sql.replace("value", "1")));
    }

    /**
     * The gold as the exec rule runs it (before {@link #forExecution}); null where sqlparse finds
     * no statement in it.
     */
    public static String gold(String sql) {
        return withoutDistinct(postprocess(sql));
    }

    /** Whether the rule compares row order: the processed gold's text says "order by". */
    public static boolean orderMatters(String processedGold) {
        return processedGold.toLowerCase(Locale.ROOT).contains("order by");
    }

    /** The text sent to SQLite: {@code YEAR(CURDATE())} as 2020. */
    public static String forExecution(String processed) {
        return CURRENT_YEAR.matcher(processed).replaceAll("2020");
    }

    static String postprocess(String q) {
        return q.replace("> =", ">=").replace("< =", "<=").replace("! =", "!=");
    }

    /**
     * sqlparse's first statement of {@code s} with every token that reads {@code distinct} (any
     * case) left out.
     */
    public static String removeDistinct(String s) {
        String out = withoutDistinct(s);
        if (out == null) throw new NoStatement(s);
        return out;
    }

    /** As {@link #removeDistinct}; null where sqlparse finds no statement in {@code s}. */
    private static String withoutDistinct(String s) {
        // without a semicolon the whole text is the first statement, and without the word no token
        // is DISTINCT: sqlparse gives the text back (unless it is all whitespace)
        if (s.indexOf(';') < 0
                && !s.toLowerCase(Locale.ROOT).contains("distinct")
                && !s.chars().allMatch(c -> pythonSpace((char) c))) return s;
        List<Token> first = firstStatement(tokens(s));
        if (first == null) return null;
        StringBuilder out = new StringBuilder(s.length());
        for (Token t : first) if (!isDistinct(t.value())) out.append(t.value());
        return out.toString();
    }

    /** Python's {@code value.lower() == 'distinct'} (Java's equalsIgnoreCase also takes 'İ'). */
    private static boolean isDistinct(String value) {
        return value.length() == 8 && value.toLowerCase(Locale.ROOT).equals("distinct");
    }

    /** Python's {@code str.strip()}: whitespace as Python's {@code str.isspace} knows it. */
    static String pythonStrip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && pythonSpace(s.charAt(start))) start++;
        while (end > start && pythonSpace(s.charAt(end - 1))) end--;
        return s.substring(start, end);
    }

    private static boolean pythonSpace(char c) {
        return Character.isWhitespace(c)
                || Character.isSpaceChar(c)
                || c == '\u001c'
                || c == '\u001d'
                || c == '\u001e'
                || c == '\u001f'
                || c == '\u0085';
    }

    enum Kind {
        COMMENT_SINGLE,
        COMMENT_HINT,
        COMMENT_MULTI,
        NEWLINE,
        WHITESPACE,
        PUNCTUATION,
        KEYWORD,
        DDL,
        WORD,
        OTHER,
        ERROR
    }

    record Token(Kind kind, String value) {
        /**
         * What the splitter takes into a statement after its semicolon: sqlparse compares token
         * types with a tuple's equality, so exactly whitespace and single-line comments (not a
         * newline, not a hint).
         */
        boolean endsStatementWhitespace() {
            return kind == Kind.WHITESPACE || kind == Kind.COMMENT_SINGLE;
        }

        boolean whitespace() {
            return kind == Kind.WHITESPACE || kind == Kind.NEWLINE;
        }
    }

    private record Rule(Pattern pattern, Kind kind) {}

    private static final String L = "A-ZÀ-Ü";

    /** sqlparse 0.4.2's SQL_REGEX, in its order, with the token kinds the splitter looks at. */
    private static final List<Rule> RULES =
            List.of(
                    rule("(--|# )\\+.*?(\\r\\n|\\r|\\n|$)", Kind.COMMENT_HINT),
                    rule("/\\*\\+[\\s\\S]*?\\*/", Kind.COMMENT_MULTI),
                    rule("(--|# ).*?(\\r\\n|\\r|\\n|$)", Kind.COMMENT_SINGLE),
                    rule("/\\*[\\s\\S]*?\\*/", Kind.COMMENT_MULTI),
                    rule("(\\r\\n|\\r|\\n)", Kind.NEWLINE),
                    rule("\\s+?", Kind.WHITESPACE),
                    rule(":=", Kind.OTHER),
                    rule("::", Kind.PUNCTUATION),
                    rule("\\*", Kind.OTHER),
                    rule("`(``|[^`])*`", Kind.OTHER),
                    rule("´(´´|[^´])*´", Kind.OTHER),
                    rule("((?<!\\S)\\$(?:[_" + L + "]\\w*)?\\$)[\\s\\S]*?\\1", Kind.OTHER),
                    rule("\\?", Kind.OTHER),
                    rule("%(\\(\\w+\\))?s", Kind.OTHER),
                    rule("(?<!\\w)[$:?]\\w+", Kind.OTHER),
                    rule("\\\\\\w+", Kind.OTHER),
                    rule("(NOT\\s+)?(IN)\\b", Kind.OTHER),
                    rule("(CASE|IN|VALUES|USING|FROM|AS)\\b", Kind.KEYWORD),
                    rule("(@|##|#)[" + L + "]\\w+", Kind.OTHER),
                    rule("[" + L + "]\\w*(?=\\s*\\.)", Kind.OTHER),
                    rule("(?<=\\.)[" + L + "]\\w*", Kind.OTHER),
                    rule("[" + L + "]\\w*(?=\\()", Kind.OTHER),
                    rule("-?0x[\\dA-F]+", Kind.OTHER),
                    rule("-?\\d+(\\.\\d+)?E-?\\d+", Kind.OTHER),
                    rule("(?![_" + L + "])-?(\\d+(\\.\\d*)|\\.\\d+)(?![_" + L + "])", Kind.OTHER),
                    rule("(?![_" + L + "])-?\\d+(?![_" + L + "])", Kind.OTHER),
                    rule("'(''|\\\\'|[^'])*'", Kind.OTHER),
                    rule("\"(\"\"|\\\\\"|[^\"])*\"", Kind.OTHER),
                    rule("(\"\"|\".*?[^\\\\]\")", Kind.OTHER),
                    rule("(?<![\\w\\])])(\\[[^\\]\\[]+\\])", Kind.OTHER),
                    rule(
                            "((LEFT\\s+|RIGHT\\s+|FULL\\s+)?(INNER\\s+|OUTER\\s+|STRAIGHT\\s+)?"
                                    + "|(CROSS\\s+|NATURAL\\s+)?)?JOIN\\b",
                            Kind.KEYWORD),
                    rule("END(\\s+IF|\\s+LOOP|\\s+WHILE)?\\b", Kind.KEYWORD),
                    rule("NOT\\s+NULL\\b", Kind.KEYWORD),
                    rule("NULLS\\s+(FIRST|LAST)\\b", Kind.KEYWORD),
                    rule("UNION\\s+ALL\\b", Kind.KEYWORD),
                    rule("CREATE(\\s+OR\\s+REPLACE)?\\b", Kind.DDL),
                    rule("DOUBLE\\s+PRECISION\\b", Kind.OTHER),
                    rule("GROUP\\s+BY\\b", Kind.KEYWORD),
                    rule("ORDER\\s+BY\\b", Kind.KEYWORD),
                    rule("HANDLER\\s+FOR\\b", Kind.KEYWORD),
                    rule(
                            "(LATERAL\\s+VIEW\\s+)"
                                    + "(EXPLODE|INLINE|PARSE_URL_TUPLE|POSEXPLODE|STACK)\\b",
                            Kind.KEYWORD),
                    rule("(AT|WITH')\\s+TIME\\s+ZONE\\s+'[^']+'", Kind.OTHER),
                    rule("(NOT\\s+)?(LIKE|ILIKE|RLIKE)\\b", Kind.OTHER),
                    rule("[0-9_" + L + "][_$#\\w]*", Kind.WORD),
                    rule("[;:()\\[\\],\\.]", Kind.PUNCTUATION),
                    rule("[<>=~!]+", Kind.OTHER),
                    rule("[+/@#%^&|^-]+", Kind.OTHER));

    /** The words sqlparse's splitter reacts to, all keywords in its lists. */
    private static final Set<String> SPLIT_KEYWORDS =
            Set.of("BEGIN", "DECLARE", "IF", "FOR", "WHILE", "CASE", "END");

    private static Rule rule(String regex, Kind kind) {
        return new Rule(
                Pattern.compile(
                        regex,
                        Pattern.CASE_INSENSITIVE
                                | Pattern.UNICODE_CASE
                                | Pattern.UNICODE_CHARACTER_CLASS
                                | Pattern.UNIX_LINES),
                kind);
    }

    /** sqlparse's lexer: at each position the first rule that matches, else one error char. */
    static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        List<Matcher> matchers = new ArrayList<>(RULES.size());
        for (Rule r : RULES)
            matchers.add(
                    r.pattern().matcher(text).useTransparentBounds(true).useAnchoringBounds(false));
        int pos = 0;
        int n = text.length();
        while (pos < n) {
            Token token = null;
            for (int i = 0; i < RULES.size() && token == null; i++) {
                Matcher m = matchers.get(i);
                m.region(pos, n);
                if (m.lookingAt() && m.end() > pos) {
                    Kind kind = RULES.get(i).kind();
                    String value = m.group();
                    if (kind == Kind.WORD
                            && SPLIT_KEYWORDS.contains(value.toUpperCase(Locale.ROOT)))
                        kind = Kind.KEYWORD;
                    token = new Token(kind, value);
                }
            }
            if (token == null) {
                int cp = text.codePointAt(pos);
                token = new Token(Kind.ERROR, new String(Character.toChars(cp)));
            }
            out.add(token);
            pos += token.value().length();
        }
        return out;
    }

    /** sqlparse's statement splitter, up to its first statement (null: none). */
    static List<Token> firstStatement(List<Token> tokens) {
        List<Token> statement = new ArrayList<>();
        int level = 0;
        boolean consumeWhitespace = false;
        Splitting state = new Splitting();
        for (Token t : tokens) {
            if (consumeWhitespace && !t.endsStatementWhitespace()) return statement;
            level += state.change(t);
            statement.add(t);
            if (level <= 0 && t.kind() == Kind.PUNCTUATION && t.value().equals(";"))
                consumeWhitespace = true;
        }
        if (statement.isEmpty() || statement.stream().allMatch(Token::whitespace)) return null;
        return statement;
    }

    /** sqlparse's {@code _change_splitlevel}. */
    private static final class Splitting {
        private boolean create;
        private int beginDepth;

        int change(Token t) {
            if (t.kind() == Kind.PUNCTUATION && t.value().equals("(")) return 1;
            if (t.kind() == Kind.PUNCTUATION && t.value().equals(")")) return -1;
            if (t.kind() != Kind.KEYWORD && t.kind() != Kind.DDL) return 0;
            String unified = t.value().toUpperCase(Locale.ROOT);
            if (t.kind() == Kind.DDL && unified.startsWith("CREATE")) {
                create = true;
                return 0;
            }
            if (unified.equals("DECLARE") && create && beginDepth == 0) return 1;
            if (unified.equals("BEGIN")) {
                beginDepth++;
                return create ? 1 : 0;
            }
            if (unified.equals("END")) {
                beginDepth = Math.max(0, beginDepth - 1);
                return -1;
            }
            if (Set.of("IF", "FOR", "WHILE", "CASE").contains(unified) && create && beginDepth > 0)
                return 1;
            if (Set.of("END IF", "END FOR", "END WHILE").contains(unified)) return -1;
            return 0;
        }
    }
}
