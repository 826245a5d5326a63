package dev.sqlexam.grading;

/**
 * The structural comparison of a gold and a predicted query: tables first (which also says which of
 * the prediction's tables stands for which of the gold's), then joins (whose shared equalities make
 * columns interchangeable), then the conditions over the whole query, then the nodes clause by
 * clause, subqueries included.
 */
final class QueryComparison {

    private QueryComparison() {}

    static void compare(QueryShape gold, QueryShape predicted, Findings out) {
        TableComparison.Result tables = TableComparison.compare(gold, predicted, out);
        ColumnMatcher matcher = new ColumnMatcher(tables);
        JoinComparison.compare(gold, predicted, tables, matcher, out);
        ConditionMatching conditions =
                ConditionMatching.of(gold.conditions(), predicted.conditions(), matcher);
        var subqueries = FilterComparison.report(conditions, out);
        NodeComparison nodes = new NodeComparison(matcher, conditions, out);
        nodes.compare(gold.root(), predicted.root(), "");
        nodes.compareAll(gold.ctes(), predicted.ctes(), "", "WITH quer(ies)");
        for (FilterComparison.SubqueryPair pair : subqueries)
            nodes.compare(pair.gold(), pair.predicted(), pair.context());
    }
}
