package dev.sqlexam.llm;

import dev.sqlexam.llm.BaselineGenerator.Aggregate;
import dev.sqlexam.model.Identifiers;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.prompt.FkGraph;
import dev.sqlexam.prompt.Glosses;
import dev.sqlexam.prompt.JoinPlanner;
import dev.sqlexam.prompt.SchemaLinker;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One SQL text of the offline baseline: the aggregate of a measure (or the main table's label),
 * grouped when the question groups, filtered by dates, numbers and quoted values, FROM the tables
 * these need, joined along the join planner's paths.
 */
final class BaselineComposer {

    private static final Pattern QUOTED = Pattern.compile("['\"]([^'\"]{1,60})['\"]");

    private BaselineComposer() {}

    /** The SQL, or null when the tables it needs cannot be joined. */
    static String compose(
            String q,
            String main,
            Aggregate agg,
            Glosses.Gloss measure,
            Glosses.Gloss group,
            Integer limit,
            Map<String, List<Glosses.Gloss>> columns,
            SchemaContextPacket packet,
            SchemaLinker.Bundle bundle) {
        List<String> needed = new ArrayList<>(List.of(main));
        if (group != null && !needed.contains(group.table())) needed.add(group.table());
        List<String> where = new ArrayList<>();
        List<String> having = new ArrayList<>();
        for (BaselineFilters.Filter f :
                filters(q, main, agg, measure, group, columns, packet, bundle)) {
            if (!needed.contains(f.table())) needed.add(f.table());
            (f.having() ? having : where).add(f.condition());
        }
        Matcher quoted = QUOTED.matcher(q);
        while (quoted.find()) {
            Glosses.Gloss target = valueColumn(main, columns, q);
            if (target != null)
                where.add(ref(target) + " = '" + quoted.group(1).replace("'", "''") + "'");
        }
        String from = fromClause(needed, packet);
        if (from == null) return null;
        String value = value(agg, measure, limit);
        StringBuilder sql = new StringBuilder("SELECT ");
        if (group != null && value != null) {
            grouped(sql, value, group, limit, from, where, having);
        } else if (value != null) {
            sql.append(value).append(' ').append(from);
            if (!where.isEmpty()) sql.append(" WHERE ").append(String.join(" AND ", where));
        } else {
            listing(sql, main, agg, measure, limit, columns, from, where);
        }
        return sql.toString();
    }

    /** The date filter (when the question names a period), then the numeric filters. */
    private static List<BaselineFilters.Filter> filters(
            String q,
            String main,
            Aggregate agg,
            Glosses.Gloss measure,
            Glosses.Gloss group,
            Map<String, List<Glosses.Gloss>> columns,
            SchemaContextPacket packet,
            SchemaLinker.Bundle bundle) {
        List<BaselineFilters.Filter> filters = new ArrayList<>();
        BaselineFilters.Filter dates =
                BaselineFilters.dates(q, dateColumn(main, columns, packet, bundle));
        if (dates != null) filters.add(dates);
        boolean aggregated = agg != Aggregate.NONE && agg != Aggregate.COUNT;
        filters.addAll(
                BaselineFilters.numbers(
                        q,
                        bundle,
                        columns,
                        packet.tableNames(),
                        aggregated ? measure : null,
                        group != null));
        return filters;
    }

    /** The selected aggregate; null for none, or for MAX of a question that asks for the top N. */
    private static String value(Aggregate agg, Glosses.Gloss measure, Integer limit) {
        return switch (agg) {
            case COUNT -> "COUNT(*)";
            case SUM -> measure == null ? null : "SUM(" + ref(measure) + ")";
            case AVG -> measure == null ? null : "AVG(" + ref(measure) + ")";
            case MAX ->
                    measure == null ? null : (limit != null ? null : "MAX(" + ref(measure) + ")");
            case MIN -> measure == null ? null : "MIN(" + ref(measure) + ")";
            case NONE -> null;
        };
    }

    /** The group and its aggregate, HAVING on the aggregate, the top N by it. */
    private static void grouped(
            StringBuilder sql,
            String value,
            Glosses.Gloss group,
            Integer limit,
            String from,
            List<String> where,
            List<String> having) {
        sql.append(ref(group)).append(", ").append(value).append(" AS value ").append(from);
        if (!where.isEmpty()) sql.append(" WHERE ").append(String.join(" AND ", where));
        sql.append(" GROUP BY ").append(ref(group));
        if (!having.isEmpty())
            sql.append(" HAVING ").append(String.join(" AND ", having).replace("value", value));
        if (limit != null) sql.append(" ORDER BY value DESC LIMIT ").append(limit);
    }

    /** No aggregate: the main table's label (and the measure), the top N by the measure. */
    private static void listing(
            StringBuilder sql,
            String main,
            Aggregate agg,
            Glosses.Gloss measure,
            Integer limit,
            Map<String, List<Glosses.Gloss>> columns,
            String from,
            List<String> where) {
        Glosses.Gloss label =
                columns.get(main).stream()
                        .filter(g -> "NAME".equals(g.hint()))
                        .findFirst()
                        .orElse(columns.get(main).get(0));
        sql.append(ref(label));
        if (measure != null) sql.append(", ").append(ref(measure));
        sql.append(' ').append(from);
        if (!where.isEmpty()) sql.append(" WHERE ").append(String.join(" AND ", where));
        if (measure != null && limit != null) {
            sql.append(" ORDER BY ")
                    .append(ref(measure))
                    .append(agg == Aggregate.MIN ? " ASC" : " DESC")
                    .append(" LIMIT ")
                    .append(limit);
        }
    }

    /**
     * The date column to filter: one the question's words link to on the main table, else its
     * first, else a parent's.
     */
    private static Glosses.Gloss dateColumn(
            String main,
            Map<String, List<Glosses.Gloss>> columns,
            SchemaContextPacket packet,
            SchemaLinker.Bundle bundle) {
        for (SchemaLinker.ColumnLink l :
                bundle.linkedColumns().stream()
                        .sorted(
                                Comparator.comparingDouble(SchemaLinker.ColumnLink::score)
                                        .reversed())
                        .toList()) {
            Glosses.Gloss g =
                    l.table().equals(main)
                            ? BaselineGenerator.find(columns, main, l.column())
                            : null;
            if (g != null && ("DATE".equals(g.hint()) || "TIMESTAMP".equals(g.hint()))) return g;
        }
        for (Glosses.Gloss g : columns.getOrDefault(main, List.of()))
            if ("DATE".equals(g.hint()) || "TIMESTAMP".equals(g.hint())) return g;
        for (var fk : packet.fkEdges()) {
            if (!fk.fromTable().equals(main)) continue;
            for (Glosses.Gloss g : columns.getOrDefault(fk.toTable(), List.of()))
                if ("DATE".equals(g.hint())) return g;
        }
        return null;
    }

    /**
     * The column a quoted value belongs to: one the question names, else an enumeration-like
     * column, else a name.
     */
    private static Glosses.Gloss valueColumn(
            String main, Map<String, List<Glosses.Gloss>> columns, String q) {
        List<Glosses.Gloss> cols = columns.getOrDefault(main, List.of());
        String unquoted = QUOTED.matcher(q).replaceAll(" ");
        for (Glosses.Gloss g : cols) {
            if (g.hint() != null && (g.hint().startsWith("FK") || "PK".equals(g.hint()))) continue;
            if (Pattern.compile(
                            "\\b"
                                    + Pattern.quote(
                                            g.column().toLowerCase(Locale.ROOT).replace('_', ' '))
                                    + "\\b")
                    .matcher(unquoted)
                    .find()) {
                return g;
            }
        }
        for (String kind : List.of("status", "stage", "type", "category", "code", "name")) {
            for (Glosses.Gloss g : cols) if (g.synonyms().contains(kind)) return g;
        }
        return null;
    }

    /**
     * FROM the first table, joined to the others along the join planner's paths over the packet's
     * FKs.
     */
    private static String fromClause(List<String> tables, SchemaContextPacket packet) {
        if (tables.size() == 1) return "FROM " + tables.get(0);
        Map<String, String> modules = new HashMap<>();
        packet.tables().forEach(t -> modules.put(t.name(), t.module() == null ? "m" : t.module()));
        JoinPlan plan =
                new JoinPlanner(JoinPlanner.Options.defaults())
                        .plan(new FkGraph(modules, packet.fkEdges()), tables);
        if (plan.paths().size() + 1 < tables.size()) return null;
        return plan.skeleton().replace('\n', ' ');
    }

    private static String ref(Glosses.Gloss g) {
        return g.table() + "." + Identifiers.quoteIfNeeded(g.column());
    }
}
