package dev.sqlexam.prompt;

import dev.sqlexam.model.Identifiers;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the columns back out of an M-Schema line: {@code t (a bigint PK, b numeric(12, 2), c bigint
 * FK→x)}.
 */
public final class MSchemaColumns {

    /** One column of an M-Schema line. */
    public record Col(String name, String type, boolean pk, String fkTable)
            implements Serializable {
        /** The column as M-Schema writes it. */
        public String render() {
            return Identifiers.quoteIfNeeded(name)
                    + " "
                    + type
                    + (pk ? " PK" : "")
                    + (fkTable != null ? " FK→" + fkTable : "");
        }
    }

    /** An M-Schema line from its table and columns. */
    public static String render(String table, List<Col> cols) {
        List<String> parts = new ArrayList<>();
        cols.forEach(c -> parts.add(c.render()));
        return table + " (" + String.join(", ", parts) + ")";
    }

    private MSchemaColumns() {}

    public static String table(String mSchema) {
        int open = mSchema.indexOf(" (");
        return open < 0 ? mSchema.strip() : mSchema.substring(0, open).strip();
    }

    public static List<Col> parse(String mSchema) {
        List<Col> out = new ArrayList<>();
        int open = mSchema.indexOf(" (");
        if (open < 0 || !mSchema.endsWith(")")) return out;
        String body = mSchema.substring(open + 2, mSchema.length() - 1);
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= body.length(); i++) {
            char c = i < body.length() ? body.charAt(i) : ',';
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                String part = body.substring(start, i).strip();
                if (!part.isEmpty()) out.add(column(part));
                start = i + 1;
            }
        }
        return out;
    }

    private static Col column(String part) {
        String fk = null;
        int arrow = part.indexOf(" FK→");
        if (arrow >= 0) {
            fk = part.substring(arrow + 4).strip();
            part = part.substring(0, arrow);
        }
        boolean pk = part.endsWith(" PK");
        if (pk) part = part.substring(0, part.length() - 3);
        int space = nameEnd(part);
        return new Col(
                part.substring(0, space).replace("\"", ""), part.substring(space).strip(), pk, fk);
    }

    private static int nameEnd(String part) {
        if (part.startsWith("\"")) return part.indexOf('"', 1) + 1;
        int space = part.indexOf(' ');
        return space < 0 ? part.length() : space;
    }
}
