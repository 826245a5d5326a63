package dev.sqlexam.prompt;

import dev.sqlexam.model.Identifiers;
import dev.sqlexam.schema.Abbreviations;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Schema glosses (seed 004 §3a), deterministic, no model: each column's words (snake_case and
 * camelCase split, abbreviations expanded), a type hint from its suffix or data type ([AMT],
 * [DATE], [QTY], [FLAG], [FK→target], ...), PK/FK tags, and a synonym set the schema linker matches
 * against.
 */
public final class Glosses {

    /** The gloss of one column. */
    public record Gloss(
            String table, String column, List<String> words, String hint, Set<String> synonyms)
            implements Serializable {
        public String annotation() {
            return hint == null ? "" : " [" + hint + "]";
        }
    }

    private static final Map<String, String> SUFFIX_HINTS = new LinkedHashMap<>();

    static {
        SUFFIX_HINTS.put("_date", "DATE");
        SUFFIX_HINTS.put("_at", "TIMESTAMP");
        SUFFIX_HINTS.put("_amt", "AMT");
        SUFFIX_HINTS.put("_amount", "AMT");
        SUFFIX_HINTS.put("_price", "AMT");
        SUFFIX_HINTS.put("_cost", "AMT");
        SUFFIX_HINTS.put("_qty", "QTY");
        SUFFIX_HINTS.put("_pct", "PCT");
        SUFFIX_HINTS.put("_rate", "RATE");
        SUFFIX_HINTS.put("_hrs", "HOURS");
        SUFFIX_HINTS.put("_days", "DAYS");
        SUFFIX_HINTS.put("_count", "COUNT");
        SUFFIX_HINTS.put("_name", "NAME");
        SUFFIX_HINTS.put("_code", "CODE");
        SUFFIX_HINTS.put("_number", "CODE");
        SUFFIX_HINTS.put("_id", "ID");
    }

    private Glosses() {}

    public static Gloss of(String table, MSchemaColumns.Col col) {
        String name = col.name().toLowerCase(Locale.ROOT);
        List<String> words = Abbreviations.expandedWords(col.name());
        String hint;
        if (col.fkTable() != null) hint = "FK→" + col.fkTable();
        else if (col.pk()) hint = "PK";
        else hint = suffixHint(name, col.type());
        Set<String> synonyms = new LinkedHashSet<>();
        synonyms.add(name);
        for (String w : Identifiers.words(col.name())) synonyms.add(w);
        for (String w : words) {
            synonyms.add(w);
            synonyms.addAll(List.of(w.split(" ")));
        }
        synonyms.add(String.join(" ", words));
        return new Gloss(table, col.name(), words, hint, synonyms);
    }

    static String suffixHint(String name, String type) {
        if (name.startsWith("is_") || name.startsWith("has_") || type.startsWith("boolean"))
            return "FLAG";
        for (var e : SUFFIX_HINTS.entrySet())
            if (name.endsWith(e.getKey()) || name.equals(e.getKey().substring(1)))
                return e.getValue();
        if (name.equals("qty") || name.equals("quantity")) return "QTY";
        if (name.equals("amount")
                || name.equals("amt")
                || name.equals("total")
                || name.equals("price")) return "AMT";
        if (type.startsWith("date")) return "DATE";
        if (type.startsWith("timestamp")) return "TIMESTAMP";
        if (type.startsWith("numeric") || type.startsWith("double") || type.startsWith("real"))
            return "NUM";
        return null;
    }

    /** Every column of every packet table, glossed. */
    public static List<Gloss> forTables(List<String> mSchemas) {
        List<Gloss> out = new ArrayList<>();
        for (String m : mSchemas) out.addAll(forTable(m));
        return out;
    }

    /**
     * Every question of a database glosses the same tables again: each M-Schema line is glossed
     * once (bounded).
     */
    private static final com.github.benmanes.caffeine.cache.Cache<String, List<Gloss>> BY_MSCHEMA =
            com.github.benmanes.caffeine.cache.Caffeine.newBuilder().maximumSize(16_384).build();

    private static List<Gloss> forTable(String mSchema) {
        return BY_MSCHEMA.get(
                mSchema,
                m -> {
                    String table = MSchemaColumns.table(m);
                    return MSchemaColumns.parse(m).stream().map(c -> of(table, c)).toList();
                });
    }

    /** The M-Schema line with each column annotated by its gloss hint. */
    public static String annotate(String mSchema) {
        String table = MSchemaColumns.table(mSchema);
        List<String> parts = new ArrayList<>();
        for (MSchemaColumns.Col c : MSchemaColumns.parse(mSchema)) {
            Gloss g = of(table, c);
            String hint =
                    g.hint() == null
                                    || "PK".equals(g.hint())
                                    || g.hint().startsWith("FK")
                                    || "ID".equals(g.hint())
                            ? ""
                            : g.annotation();
            parts.add(c.render() + hint);
        }
        return parts.isEmpty() ? mSchema : table + " (" + String.join(", ", parts) + ")";
    }
}
