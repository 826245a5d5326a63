package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A foreign key between two tables, by qualified table names. */
public record ForeignKey(
        String fromTable, List<String> fromColumns, String toTable, List<String> toColumns)
        implements Serializable {

    public ForeignKey {
        fromColumns = new ArrayList<>(fromColumns);
        toColumns = new ArrayList<>(toColumns);
    }

    /** "a.x = b.y" for a single-column key; columns joined by AND otherwise. */
    public String joinCondition() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fromColumns.size(); i++) {
            if (i > 0) sb.append(" AND ");
            sb.append(fromTable)
                    .append('.')
                    .append(Identifiers.quoteIfNeeded(fromColumns.get(i)))
                    .append(" = ")
                    .append(toTable)
                    .append('.')
                    .append(Identifiers.quoteIfNeeded(toColumns.get(i)));
        }
        return sb.toString();
    }
}
