package dev.sqlexam.schema;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.Identifiers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The text formats of seed 000: {@code stable_embed_text} (minimal, for vectors; changes only when
 * the schema does), {@code m_schema_compact} (for prompts), the legacy V1 {@code embed_text}, and
 * the search text behind full-text search (names split on _ with abbreviations expanded).
 */
public final class EmbedTexts {

    /** Columns whose names say little about their table; downweighted in column retrieval. */
    static final Set<String> GENERIC =
            Set.of(
                    "id",
                    "status",
                    "created_at",
                    "updated_at",
                    "created_by",
                    "updated_by",
                    "created_date",
                    "modified_at",
                    "is_active",
                    "description",
                    "notes",
                    "comments",
                    "comment",
                    "type",
                    "name",
                    "code",
                    "version",
                    "seq_no",
                    "line_no",
                    "is_primary",
                    "email",
                    "phone");

    private static final int KEY_COLUMNS = 12;

    private EmbedTexts() {}

    public static boolean isGeneric(TableInfo table, ColumnInfo column) {
        String n = column.name().toLowerCase(Locale.ROOT);
        return GENERIC.contains(n)
                || (column.primaryKey()
                        && n.endsWith("_id")
                        && table.columns().indexOf(column) == 0);
    }

    private static String describe(TableInfo t) {
        return t.comment() != null && !t.comment().isBlank()
                ? t.comment()
                : String.join(" ", Abbreviations.expandedWords(t.name()));
    }

    public static String stableTableText(TableInfo t) {
        List<String> keys = new ArrayList<>();
        for (ColumnInfo c : t.columns()) {
            if (keys.size() >= KEY_COLUMNS) break;
            keys.add(c.name() + (c.primaryKey() ? " PK" : c.foreignKey() ? " FK" : ""));
        }
        return t.qualifiedName()
                + ": "
                + describe(t)
                + "\nModule: "
                + t.module()
                + "\nKey columns: "
                + String.join(", ", keys);
    }

    public static String stableColumnText(TableInfo t, ColumnInfo c) {
        String description =
                c.comment() != null && !c.comment().isBlank()
                        ? c.comment()
                        : String.join(" ", Abbreviations.expandedWords(c.name()));
        return t.qualifiedName()
                + "."
                + c.name()
                + "\nType: "
                + c.type()
                + "\nTable: "
                + t.qualifiedName()
                + " ("
                + describe(t)
                + ")\nDescription: "
                + description;
    }

    /** {@code leave_requests (leave_id bigint PK, employee_id bigint FK→employees, ...)}. */
    public static String mSchemaCompact(TableInfo t) {
        List<String> parts = new ArrayList<>();
        for (ColumnInfo c : t.columns()) {
            String s = Identifiers.quoteIfNeeded(c.name()) + " " + c.type();
            if (c.primaryKey()) s += " PK";
            if (c.foreignKey()) s += " FK→" + c.fkTable();
            parts.add(s);
        }
        return t.qualifiedName() + " (" + String.join(", ", parts) + ")";
    }

    public static String legacyTableText(TableInfo t, List<ForeignKey> outgoing) {
        StringBuilder sb = new StringBuilder();
        sb.append("TABLE: ").append(t.schema()).append('.').append(t.name()).append('\n');
        sb.append("MODULE: ").append(t.module()).append('\n');
        sb.append("DESCRIPTION: ").append(describe(t)).append('\n');
        List<String> cols = new ArrayList<>();
        for (ColumnInfo c : t.columns()) {
            String s = c.name() + " (" + c.type() + ")";
            if (c.primaryKey()) s += " [PK]";
            if (c.foreignKey())
                s +=
                        " [FK->"
                                + c.fkTable()
                                + "."
                                + c.fkColumn()
                                + (c.nullable() ? ", NULL" : "")
                                + "]";
            cols.add(s);
        }
        sb.append("COLUMNS: ").append(String.join(", ", cols)).append('\n');
        if (!outgoing.isEmpty()) {
            sb.append("RELATIONSHIPS:");
            for (ForeignKey fk : outgoing) {
                sb.append("\n- ")
                        .append(String.join(", ", fk.fromColumns()))
                        .append(" -> ")
                        .append(fk.toTable())
                        .append('.')
                        .append(String.join(", ", fk.toColumns()));
            }
        }
        return sb.toString();
    }

    public static String legacyColumnText(TableInfo t, ColumnInfo c) {
        return "COLUMN: "
                + t.schema()
                + "."
                + t.name()
                + "."
                + c.name()
                + " ("
                + c.type()
                + ")"
                + (c.comment() == null ? "" : "\nDESCRIPTION: " + c.comment());
    }

    /**
     * Separates the weighted parts of a search text: name words (A), description (B), column words
     * (C).
     */
    public static final char PART = '\u001F';

    /**
     * Full-text search words: the table's expanded name, then its comment, then its columns'
     * expanded names.
     */
    public static String tableSearchText(TableInfo t) {
        StringBuilder columns = new StringBuilder();
        for (ColumnInfo c : t.columns())
            columns.append(String.join(" ", Abbreviations.expandedWords(c.name()))).append(". ");
        return String.join(" ", new LinkedHashSet<>(Abbreviations.expandedWords(t.name())))
                + PART
                + (t.comment() == null ? "" : t.comment())
                + PART
                + columns.toString().strip();
    }

    public static String columnSearchText(TableInfo t, ColumnInfo c) {
        return String.join(" ", Abbreviations.expandedWords(c.name()))
                + PART
                + (c.comment() == null ? "" : c.comment())
                + PART
                + String.join(" ", Abbreviations.expandedWords(t.name()));
    }
}
