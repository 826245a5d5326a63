package dev.sqlexam.schema;

import dev.sqlexam.model.Identifiers;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A table with its columns, comment, module and approximate row count. */
public record TableInfo(
        String schema,
        String name,
        String comment,
        long rowEstimate,
        String module,
        List<ColumnInfo> columns)
        implements Serializable {

    public TableInfo {
        columns = new ArrayList<>(columns);
    }

    /**
     * The name a query uses: unqualified in {@code public}, schema-qualified elsewhere; quoted when
     * needed.
     */
    public String qualifiedName() {
        return qualify(schema, name);
    }

    public static String qualify(String schema, String name) {
        String n = Identifiers.quoteIfNeeded(name);
        return "public".equals(schema) ? n : Identifiers.quoteIfNeeded(schema) + "." + n;
    }

    public TableInfo withModule(String newModule) {
        return new TableInfo(schema, name, comment, rowEstimate, newModule, columns);
    }
}
