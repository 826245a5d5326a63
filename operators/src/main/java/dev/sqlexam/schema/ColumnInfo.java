package dev.sqlexam.schema;

import java.io.Serializable;

/**
 * A column as the catalog describes it; {@code fkTable} is the referenced table's qualified name.
 */
public record ColumnInfo(
        String name,
        String type,
        boolean nullable,
        String comment,
        boolean primaryKey,
        String fkTable,
        String fkColumn)
        implements Serializable {

    public boolean foreignKey() {
        return fkTable != null;
    }
}
