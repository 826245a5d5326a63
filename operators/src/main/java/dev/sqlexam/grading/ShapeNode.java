package dev.sqlexam.grading;

import java.util.List;

/** A query or subquery as the comparison reads it: one SELECT block, or a set operation of them. */
sealed interface ShapeNode permits SelectBlock, SetOperationNode {

    /** Where the node sits in its query ("" at the top, "/w0" the first WHERE subquery, ...). */
    String path();

    OrderAndLimit orderAndLimit();

    /** A short reminder of the node for explanations: its outputs and tables. */
    String summary();

    /** The ORDER BY keys, LIMIT and OFFSET of a block or of a whole set operation. */
    record OrderAndLimit(List<OrderKey> keys, String limit, String offset) {}

    /** One ORDER BY key; {@code nulls}: an explicit NULLS FIRST/LAST, else null. */
    record OrderKey(CanonicalExpr expr, boolean descending, String nulls) {}
}
