package dev.sqlexam.grading;

import java.util.List;
import java.util.Locale;

/**
 * One predicate of a WHERE, JOIN ON or HAVING, reduced to what is compared: {@code left} (null for
 * an uncorrelated EXISTS), an {@code operator} in lower case ("=", "<>", "like", "in", "is null",
 * "expr" for a boolean expression taken whole, ...), and what it is compared with: constants
 * ({@code values}), an expression ({@code right}), a subquery, or nothing.
 */
record Condition(
        String blockPath,
        CanonicalExpr left,
        String operator,
        List<Literal> values,
        CanonicalExpr right,
        ShapeNode subquery) {

    boolean isSubquery() {
        return subquery != null;
    }

    String display() {
        return display(false);
    }

    /** With each column's table: where two conditions' plain displays would read the same. */
    String display(boolean qualified) {
        String leftText = left == null ? "" : qualified ? left.qualifiedDisplay() : left.display();
        if (operator.equals("expr")) return leftText;
        if (operator.equals("not expr")) return "NOT (" + leftText + ")";
        StringBuilder out = new StringBuilder();
        if (left != null) out.append(leftText).append(' ');
        out.append(operator.toUpperCase(Locale.ROOT));
        if (values != null && !values.isEmpty()) {
            boolean list = values.size() > 1 || operator.endsWith("in");
            out.append(list ? " (" : " ");
            out.append(String.join(", ", values.stream().map(Literal::display).toList()));
            if (list) out.append(')');
        } else if (right != null) {
            out.append(' ').append(right.display());
        } else if (subquery != null) {
            out.append(' ').append(subquery.summary());
        }
        return out.toString();
    }

    String valuesDisplay() {
        if (values != null)
            return String.join(", ", values.stream().map(Literal::display).toList());
        if (right != null) return right.display();
        return subquery != null ? "the subquery " + subquery.summary() : "nothing";
    }

    /** Whether it sits in a subquery (a set operation's branches are not subqueries). */
    boolean nested() {
        return blockPath.matches(".*/[wfshc]\\d+.*");
    }
}
