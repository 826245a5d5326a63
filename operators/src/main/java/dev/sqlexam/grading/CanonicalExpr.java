package dev.sqlexam.grading;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An expression in a form two queries can be compared in: {@code template} is its text with
 * redundant parentheses, quoting, keyword case and aliases gone and each column a numbered slot;
 * {@code columns} fill the slots. {@code skeleton} is the template with each aggregate call a hole
 * ({@code §}), its own columns in {@code skeletonColumns}, and the calls in {@code aggregates}.
 */
record CanonicalExpr(
        String template,
        List<ColumnRef> columns,
        String skeleton,
        List<ColumnRef> skeletonColumns,
        List<Aggregate> aggregates) {

    static final String HOLE = "§";
    static final String SUBQUERY = "(subquery)";
    private static final Pattern SLOT = Pattern.compile("\\{(\\d+)}");

    /** An aggregate call: its function, DISTINCT, and its argument (null for {@code *}). */
    record Aggregate(String function, boolean distinct, CanonicalExpr argument) {

        String display() {
            return function
                    + "("
                    + (distinct ? "DISTINCT " : "")
                    + (argument == null ? "*" : argument.display())
                    + ")";
        }
    }

    static CanonicalExpr column(ColumnRef column) {
        return new CanonicalExpr("{0}", List.of(column), "{0}", List.of(column), List.of());
    }

    boolean isColumn() {
        return template.equals("{0}");
    }

    boolean isStar() {
        return template.endsWith("*") && !template.contains("(");
    }

    boolean isAggregateCall() {
        return skeleton.equals(HOLE) && aggregates.size() == 1;
    }

    /** The text as a reader would write it, columns by their bare names. */
    String display() {
        return fill(template, columns, false);
    }

    /** The text with each column's table, where the bare names would read the same. */
    String qualifiedDisplay() {
        return fill(template, columns, true);
    }

    private static String fill(String template, List<ColumnRef> columns, boolean qualified) {
        Matcher m = SLOT.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            ColumnRef ref = columns.get(Integer.parseInt(m.group(1)));
            m.appendReplacement(
                    out, Matcher.quoteReplacement(qualified ? ref.qualified() : ref.column()));
        }
        return m.appendTail(out).toString();
    }
}
