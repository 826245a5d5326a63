package dev.sqlexam.grading;

import java.util.List;
import java.util.Locale;

/** UNION, INTERSECT or EXCEPT of queries, with the ORDER BY and LIMIT of the whole. */
record SetOperationNode(
        String path, List<ShapeNode> branches, List<String> operators, OrderAndLimit orderAndLimit)
        implements ShapeNode {

    @Override
    public String summary() {
        StringBuilder out = new StringBuilder(branches.get(0).summary());
        for (int i = 0; i < operators.size() && i + 1 < branches.size(); i++)
            out.append(' ')
                    .append(operators.get(i).toUpperCase(Locale.ROOT))
                    .append(' ')
                    .append(branches.get(i + 1).summary());
        return out.toString();
    }
}
