package dev.sqlexam.sql;

import dev.sqlexam.model.LintIssue;
import dev.sqlexam.model.LintSeverity;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deterministic SQL lint before EXPLAIN (seed 000's checks plus seed 004's SELECT *, CROSS JOIN and
 * HAVING without GROUP BY). Errors mean the candidate skips EXPLAIN and goes to repair; warnings
 * are kept for scoring. Never throws: an unparsable candidate gets a {@code parse_error}.
 */
public final class SqlLint {

    /** All findings of one candidate. */
    public record Result(List<LintIssue> issues) {
        public Result {
            issues = List.copyOf(issues);
        }

        public boolean hasErrors() {
            return issues.stream().anyMatch(i -> i.severity() == LintSeverity.ERROR);
        }

        public long errorCount() {
            return issues.stream().filter(i -> i.severity() == LintSeverity.ERROR).count();
        }

        public boolean has(String code) {
            return issues.stream().anyMatch(i -> i.code().equals(code));
        }
    }

    private static final Pattern TRAILING_SELECT = Pattern.compile("(?is),\\s*FROM\\b");
    private static final Pattern TRAILING_GROUP =
            Pattern.compile(
                    "(?is)\\bGROUP\\s+BY\\b[^;()]*?,\\s*(?:ORDER\\b|HAVING\\b|LIMIT\\b|WINDOW\\b|\\)|;|$)");
    private static final Pattern TRAILING_ORDER =
            Pattern.compile(
                    "(?is)\\bORDER\\s+BY\\b[^;()]*?,\\s*(?:LIMIT\\b|OFFSET\\b|FETCH\\b|\\)|;|$)");

    private SqlLint() {}

    public static Result lint(String sql) {
        return sql == null ? examine("") : RESULTS.get(sql, SqlLint::examine);
    }

    /**
     * Lint results are a function of the text alone; query logs and candidate sets repeat their
     * SQL.
     */
    private static final Cache<String, Result> RESULTS =
            Caffeine.newBuilder().maximumSize(10_000).build();

    private static Result examine(String sql) {
        List<LintIssue> issues = new ArrayList<>();
        String masked = mask(sql == null ? "" : sql, issues);
        if (!issues.isEmpty()) return new Result(issues);
        if (TRAILING_SELECT.matcher(masked).find())
            issues.add(error("trailing_comma_select", "a comma right before FROM"));
        if (TRAILING_GROUP.matcher(masked).find())
            issues.add(error("trailing_comma_groupby", "a trailing comma in GROUP BY"));
        if (TRAILING_ORDER.matcher(masked).find())
            issues.add(error("trailing_comma_orderby", "a trailing comma in ORDER BY"));
        if (!issues.isEmpty()) return new Result(issues);
        Statement statement;
        try {
            statement = SqlParsing.parse(sql);
        } catch (Exception | Error e) {
            String message = String.valueOf(e.getMessage());
            issues.add(error("parse_error", message.lines().findFirst().orElse(message)));
            return new Result(issues);
        }
        if (!(statement instanceof Select select)) return new Result(issues);
        Set<String> qualifiers =
                new HashSet<>(Set.of("pg_catalog", "public", "information_schema"));
        qualifiers.addAll(SqlReferences.of(sql).qualifiers(sql));
        List<PlainSelect> selects = new ArrayList<>();
        plainSelects(select, selects, qualifiers);
        for (PlainSelect ps : selects) SelectChecks.check(ps, issues);
        undefinedAliases(masked, qualifiers, issues);
        return new Result(issues);
    }

    /**
     * The query with string literals as {@code ''} and comments as one space (quoted identifiers
     * kept), from the shared {@link SqlLexer}; an unclosed literal or unbalanced parentheses become
     * issues.
     */
    static String mask(String sql, List<LintIssue> issues) {
        StringBuilder out = new StringBuilder(sql.length());
        int depth = 0;
        boolean negative = false;
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            switch (span.kind()) {
                case STRING, DOLLAR_STRING, QUOTED_IDENTIFIER -> {
                    if (!span.closed()) {
                        issues.add(
                                error(
                                        "unclosed_quote",
                                        (span.kind() == SqlLexer.Kind.QUOTED_IDENTIFIER
                                                        ? "a quoted identifier"
                                                        : "a string literal")
                                                + " opened at character "
                                                + (span.start() + 1)
                                                + " never closes"));
                        return out.toString();
                    }
                    out.append(
                            span.kind() == SqlLexer.Kind.QUOTED_IDENTIFIER
                                    ? sql.substring(span.start(), span.end())
                                    : "''");
                }
                case COMMENT -> out.append(' ');
                case CODE -> {
                    for (int i = span.start(); i < span.end(); i++) {
                        char c = sql.charAt(i);
                        if (c == '(') depth++;
                        if (c == ')' && --depth < 0) negative = true;
                        out.append(c);
                    }
                }
            }
        }
        if (negative || depth != 0) {
            issues.add(
                    error(
                            "unbalanced_parens",
                            negative ? "a ')' closes nothing" : depth + " '(' never close"));
        }
        return out.toString();
    }

    private static void plainSelects(Select select, List<PlainSelect> out, Set<String> qualifiers) {
        if (select.getWithItemsList() != null) {
            for (WithItem<?> w : select.getWithItemsList()) {
                if (w.getAlias() != null)
                    qualifiers.add(SqlReferences.normalize(w.getAlias().getName()));
                if (w.getSelect() != null) plainSelects(w.getSelect(), out, qualifiers);
            }
        }
        if (select instanceof PlainSelect ps) {
            out.add(ps);
            List<FromItem> items = new ArrayList<>();
            if (ps.getFromItem() != null) items.add(ps.getFromItem());
            if (ps.getJoins() != null) ps.getJoins().forEach(j -> items.add(j.getRightItem()));
            for (FromItem item : items)
                if (item instanceof ParenthesedSelect sub) plainSelects(sub, out, qualifiers);
        } else if (select instanceof SetOperationList set) {
            for (Select s : set.getSelects()) plainSelects(s, out, qualifiers);
        } else if (select instanceof ParenthesedSelect p && p.getSelect() != null) {
            plainSelects(p.getSelect(), out, qualifiers);
        }
    }

    private static void undefinedAliases(
            String masked, Set<String> qualifiers, List<LintIssue> issues) {
        Set<String> reported = new HashSet<>();
        Matcher m = SqlReferences.QUALIFIED.matcher(masked);
        while (m.find()) {
            String q = SqlReferences.normalize(m.group(1));
            if (!qualifiers.contains(q) && reported.add(q)) {
                issues.add(
                        error(
                                "undefined_alias",
                                "'" + m.group(1) + "' is not a table or alias of this query"));
            }
        }
    }

    static LintIssue error(String code, String message) {
        return new LintIssue(code, LintSeverity.ERROR, message);
    }

    static LintIssue warn(String code, String message) {
        return new LintIssue(code, LintSeverity.WARN, message);
    }
}
