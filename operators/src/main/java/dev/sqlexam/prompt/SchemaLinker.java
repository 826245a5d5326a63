package dev.sqlexam.prompt;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schema linker (seed 004 §3b): keyphrases of the question matched to column glosses (exact
 * 1.0, prefix 0.8+, substring 0.7+, minimum 0.5), tables ranked by 0.3·count + 0.4·best +
 * 0.3·retrieval, value hints for quoted values, and warnings for columns asked of a child that live
 * on its parent.
 */
public final class SchemaLinker {

    static final double MIN_SCORE = 0.5;
    private static final Pattern QUOTED = Pattern.compile("['\"]([^'\"]{1,60})['\"]");
    private static final Pattern NUMBER = Pattern.compile("\\b\\d+(\\.\\d+)?\\b");
    private static final Set<String> METRICS =
            Set.of(
                    "total",
                    "sum",
                    "average",
                    "avg",
                    "count",
                    "number",
                    "maximum",
                    "max",
                    "minimum",
                    "min",
                    "highest",
                    "lowest",
                    "most",
                    "least",
                    "top",
                    "rate",
                    "share",
                    "percent",
                    "percentage");
    private static final Set<String> STOP =
            Set.of(
                    "the", "a", "an", "of", "in", "on", "for", "to", "by", "and", "or", "is", "are",
                    "was", "were", "what", "which", "who", "how", "many", "much", "each", "per",
                    "with", "from", "that", "this", "have", "has", "did", "do", "does", "show",
                    "list", "give", "me", "our", "we", "us", "their", "there", "all", "any", "be",
                    "it", "as", "at");

    /** A phrase of the question and what kind it is. */
    public record Keyphrase(String text, boolean quotedValue, boolean number, boolean metric)
            implements Serializable {}

    /** A keyphrase grounded in a column. */
    public record ColumnLink(String table, String column, String keyphrase, double score)
            implements Serializable {}

    /** The linker's result, rendered as the prompt's schema contract. */
    public record Bundle(
            List<String> linkedTables,
            List<ColumnLink> linkedColumns,
            List<String> valueHints,
            List<String> columnWarnings,
            List<String> unsupportedConcepts)
            implements Serializable {}

    private SchemaLinker() {}

    public static List<Keyphrase> keyphrases(String question) {
        List<Keyphrase> out = new ArrayList<>();
        Matcher quoted = QUOTED.matcher(question);
        while (quoted.find()) out.add(new Keyphrase(quoted.group(1), true, false, false));
        Matcher numbers = NUMBER.matcher(question);
        while (numbers.find()) out.add(new Keyphrase(numbers.group(), false, true, false));
        List<String> tokens = new ArrayList<>();
        for (String t :
                QUOTED.matcher(question)
                        .replaceAll(" ")
                        .toLowerCase(Locale.ROOT)
                        .split("[^a-z0-9]+")) {
            if (t.length() >= 2 && !STOP.contains(t) && !t.chars().allMatch(Character::isDigit))
                tokens.add(t);
        }
        for (String t : tokens) out.add(new Keyphrase(t, false, false, METRICS.contains(t)));
        for (int i = 0; i + 1 < tokens.size(); i++)
            out.add(new Keyphrase(tokens.get(i) + " " + tokens.get(i + 1), false, false, false));
        return out;
    }

    /**
     * How well a keyphrase names a column: exact 1.0, prefix 0.8 to 0.95, substring 0.7 to 0.79,
     * else 0.
     */
    public static double matchScore(String keyphrase, Glosses.Gloss gloss) {
        return matchScore(normalized(keyphrase), normalizedSynonyms(gloss));
    }

    /** A keyphrase or synonym as {@link #matchScore} compares them: lower case, singular. */
    private static String normalized(String word) {
        return singular(word.toLowerCase(Locale.ROOT));
    }

    private static List<String> normalizedSynonyms(Glosses.Gloss gloss) {
        return gloss.synonyms().stream().map(SchemaLinker::normalized).toList();
    }

    private static double matchScore(String k, List<String> synonyms) {
        double best = 0;
        for (String s : synonyms) {
            if (s.isEmpty() || k.length() < 2) continue;
            if (s.equals(k)) return 1.0;
            int shorter = Math.min(s.length(), k.length());
            int longer = Math.max(s.length(), k.length());
            if (shorter >= 3 && (s.startsWith(k) || k.startsWith(s)))
                best = Math.max(best, 0.8 + 0.15 * shorter / longer);
            else if (shorter >= 4 && (s.contains(k) || k.contains(s)))
                best = Math.max(best, 0.7 + 0.09 * shorter / longer);
        }
        return best;
    }

    private static String singular(String w) {
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")
                ? w.substring(0, w.length() - 1)
                : w;
    }

    public static Bundle link(String question, List<PacketTable> tables, List<ForeignKey> fks) {
        List<Keyphrase> phrases = keyphrases(question == null ? "" : question);
        List<Glosses.Gloss> glosses =
                Glosses.forTables(tables.stream().map(PacketTable::mSchema).toList());
        List<List<String>> synonyms =
                glosses.stream().map(SchemaLinker::normalizedSynonyms).toList();
        List<ColumnLink> links = new ArrayList<>();
        for (Keyphrase p : phrases) {
            if (p.quotedValue() || p.number()) continue;
            String k = normalized(p.text());
            for (int i = 0; i < glosses.size(); i++) {
                Glosses.Gloss g = glosses.get(i);
                double s = matchScore(k, synonyms.get(i));
                if (s >= MIN_SCORE) links.add(new ColumnLink(g.table(), g.column(), p.text(), s));
            }
        }
        Map<String, ColumnLink> bestPerColumn = new LinkedHashMap<>();
        links.stream()
                .sorted(Comparator.comparingDouble(ColumnLink::score).reversed())
                .forEach(l -> bestPerColumn.putIfAbsent(l.table() + "." + l.column(), l));
        List<ColumnLink> linked = new ArrayList<>(bestPerColumn.values());
        double maxRetrieval = tables.stream().mapToDouble(PacketTable::score).max().orElse(1);
        Map<String, Double> relevance = new LinkedHashMap<>();
        for (PacketTable t : tables) {
            List<ColumnLink> own = linked.stream().filter(l -> l.table().equals(t.name())).toList();
            double best = own.stream().mapToDouble(ColumnLink::score).max().orElse(0);
            double retrieval = maxRetrieval <= 0 ? 0 : t.score() / maxRetrieval;
            relevance.put(
                    t.name(), 0.3 * Math.min(1.0, own.size() / 3.0) + 0.4 * best + 0.3 * retrieval);
        }
        List<String> linkedTables =
                relevance.entrySet().stream()
                        .filter(e -> e.getValue() >= 0.35)
                        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                        .map(Map.Entry::getKey)
                        .toList();
        return new Bundle(
                linkedTables,
                linked,
                valueHints(phrases, glosses),
                redirects(linked, tables, fks),
                unsupported(phrases, links));
    }

    private static List<String> valueHints(List<Keyphrase> phrases, List<Glosses.Gloss> glosses) {
        List<String> hints = new ArrayList<>();
        for (Keyphrase p : phrases) {
            if (!p.quotedValue()) continue;
            List<String> targets =
                    glosses.stream()
                            .filter(
                                    g ->
                                            g.synonyms().stream()
                                                    .anyMatch(
                                                            s ->
                                                                    Set.of(
                                                                                    "status",
                                                                                    "type",
                                                                                    "name",
                                                                                    "code",
                                                                                    "category",
                                                                                    "stage",
                                                                                    "reason",
                                                                                    "priority",
                                                                                    "channel",
                                                                                    "title")
                                                                            .contains(s)))
                            .map(g -> g.table() + "." + g.column())
                            .limit(6)
                            .toList();
            if (!targets.isEmpty())
                hints.add(
                        "'"
                                + p.text()
                                + "' is a value; it may belong to "
                                + String.join(", ", targets));
        }
        return hints;
    }

    /**
     * A column linked on a parent table that a child table in the packet lacks: say where it lives
     * and how to join.
     */
    private static List<String> redirects(
            List<ColumnLink> linked, List<PacketTable> tables, List<ForeignKey> fks) {
        Map<String, Set<String>> columns = new LinkedHashMap<>();
        for (PacketTable t : tables) {
            Set<String> names = new LinkedHashSet<>();
            MSchemaColumns.parse(t.mSchema()).forEach(c -> names.add(c.name()));
            columns.put(t.name(), names);
        }
        List<String> warnings = new ArrayList<>();
        for (ColumnLink l : linked) {
            if (l.score() < 0.99) continue;
            for (ForeignKey fk : fks) {
                if (!fk.toTable().equals(l.table()) || !columns.containsKey(fk.fromTable()))
                    continue;
                if (columns.get(fk.fromTable()).contains(l.column())) continue;
                String w =
                        fk.fromTable()
                                + " has no "
                                + l.column()
                                + ": it is on "
                                + l.table()
                                + " (JOIN "
                                + l.table()
                                + " ON "
                                + fk.joinCondition()
                                + ")";
                if (!warnings.contains(w)) warnings.add(w);
            }
        }
        return warnings;
    }

    private static List<String> unsupported(List<Keyphrase> phrases, List<ColumnLink> links) {
        Set<String> linkedPhrases = new LinkedHashSet<>();
        links.forEach(l -> linkedPhrases.add(l.keyphrase()));
        return phrases.stream()
                .filter(
                        p ->
                                !p.quotedValue()
                                        && !p.number()
                                        && !p.metric()
                                        && !p.text().contains(" ")
                                        && !linkedPhrases.contains(p.text()))
                .map(Keyphrase::text)
                .distinct()
                .limit(8)
                .toList();
    }

    /** The seed's "## Schema Contract (MANDATORY)" sections. */
    public static String render(Bundle b, List<String> tableWarnings) {
        StringBuilder sb =
                new StringBuilder("\n## Schema Contract (MANDATORY)\n### Required Tables\n");
        b.linkedTables().forEach(t -> sb.append("- ").append(t).append('\n'));
        sb.append("### Allowed Columns\n");
        Map<String, List<String>> byTable = new LinkedHashMap<>();
        b.linkedColumns()
                .forEach(
                        l ->
                                byTable.computeIfAbsent(l.table(), k -> new ArrayList<>())
                                        .add(l.column()));
        byTable.forEach(
                (t, cs) ->
                        sb.append("- ")
                                .append(t)
                                .append(": ")
                                .append(String.join(", ", cs))
                                .append('\n'));
        if (!b.columnWarnings().isEmpty()) {
            sb.append("### Column Warnings\n");
            b.columnWarnings().forEach(w -> sb.append("- ").append(w).append('\n'));
        }
        if (!b.valueHints().isEmpty()) {
            sb.append("### Value Hints\n");
            b.valueHints().forEach(h -> sb.append("- ").append(h).append('\n'));
        }
        if (!tableWarnings.isEmpty()) {
            sb.append("### Table Warnings (READ CAREFULLY)\n");
            tableWarnings.forEach(w -> sb.append("- ").append(w).append('\n'));
        }
        return sb.toString();
    }
}
