package dev.sqlexam.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Spider's difficulty (easy, medium, hard, extra) from the parsed {@code sql} of its dev.json, by
 * the rules of Spider's evaluation.py ({@code eval_hardness}): components of the query, nested
 * queries, and "others" (several aggregates, select columns, where conditions, group-by columns).
 * Its quirks are kept, so the labels match the published breakdowns.
 */
public final class SpiderHardness {

    private static final int LIKE = 9;

    private SpiderHardness() {}

    public static String of(JsonNode sql) {
        int comp1 = component1(sql);
        int comp2 = nested(sql).size();
        int others = others(sql);
        if (comp1 <= 1 && others == 0 && comp2 == 0) return "easy";
        if (others <= 2 && comp1 <= 1 && comp2 == 0 || comp1 <= 2 && others < 2 && comp2 == 0)
            return "medium";
        if (others > 2 && comp1 <= 2 && comp2 == 0
                || comp1 > 2 && comp1 <= 3 && others <= 2 && comp2 == 0
                || comp1 <= 1 && others == 0 && comp2 <= 1) {
            return "hard";
        }
        return "extra";
    }

    static int component1(JsonNode sql) {
        int count = 0;
        if (sql.path("where").size() > 0) count++;
        if (sql.path("groupBy").size() > 0) count++;
        if (sql.path("orderBy").size() > 0) count++;
        if (!sql.path("limit").isNull() && !sql.path("limit").isMissingNode()) count++;
        int tableUnits = sql.path("from").path("table_units").size();
        if (tableUnits > 0) count += tableUnits - 1;
        List<JsonNode> conjunctions = new ArrayList<>();
        conjunctions.addAll(odd(sql.path("where")));
        conjunctions.addAll(odd(sql.path("having")));
        conjunctions.addAll(odd(sql.path("from").path("conds")));
        count += (int) conjunctions.stream().filter(t -> "or".equals(t.asText())).count();
        for (JsonNode cond : conditions(sql)) if (cond.path(1).asInt(-1) == LIKE) count++;
        return count;
    }

    static List<JsonNode> nested(JsonNode sql) {
        List<JsonNode> out = new ArrayList<>();
        List<JsonNode> conds = new ArrayList<>(even(sql.path("from").path("conds")));
        conds.addAll(even(sql.path("where")));
        conds.addAll(even(sql.path("having")));
        for (JsonNode cond : conds) {
            if (cond.path(3).isObject()) out.add(cond.path(3));
            if (cond.path(4).isObject()) out.add(cond.path(4));
        }
        for (String set : List.of("intersect", "except", "union"))
            if (sql.path(set).isObject()) out.add(sql.path(set));
        return out;
    }

    static int others(JsonNode sql) {
        int count = 0;
        int aggs = countAgg(iterable(sql.path("select").path(1)));
        aggs += countAgg(even(sql.path("where")));
        aggs += countAgg(iterable(sql.path("groupBy")));
        if (sql.path("orderBy").size() > 0) {
            List<JsonNode> units = new ArrayList<>();
            for (JsonNode valUnit : sql.path("orderBy").path(1)) {
                if (truthy(valUnit.path(1))) units.add(valUnit.path(1));
            }
            for (JsonNode valUnit : sql.path("orderBy").path(1)) {
                if (truthy(valUnit.path(2))) units.add(valUnit.path(2));
            }
            aggs += countAgg(units);
        }
        aggs += countAgg(iterable(sql.path("having")));
        if (aggs > 1) count++;
        if (sql.path("select").path(1).size() > 1) count++;
        if (sql.path("where").size() > 1) count++;
        if (sql.path("groupBy").size() > 1) count++;
        return count;
    }

    /**
     * Python's {@code unit[0] != AGG_OPS.index('none')}: also true for the 'and'/'or' strings of a
     * having list.
     */
    private static int countAgg(List<JsonNode> units) {
        int n = 0;
        for (JsonNode unit : units) {
            JsonNode first = unit.isTextual() ? null : unit.path(0);
            if (unit.isTextual()) n += unit.asText().isEmpty() ? 0 : 1;
            else if (first.isBoolean() ? first.asBoolean() : first.asInt(0) != 0) n++;
        }
        return n;
    }

    private static boolean truthy(JsonNode n) {
        return !n.isMissingNode()
                && !n.isNull()
                && !(n.isArray() && n.size() == 0)
                && !(n.isNumber() && n.asInt() == 0);
    }

    private static List<JsonNode> conditions(JsonNode sql) {
        List<JsonNode> out = new ArrayList<>(even(sql.path("where")));
        out.addAll(even(sql.path("having")));
        out.addAll(even(sql.path("from").path("conds")));
        return out;
    }

    private static List<JsonNode> even(JsonNode list) {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i += 2) out.add(list.get(i));
        return out;
    }

    private static List<JsonNode> odd(JsonNode list) {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 1; i < list.size(); i += 2) out.add(list.get(i));
        return out;
    }

    private static List<JsonNode> iterable(JsonNode list) {
        List<JsonNode> out = new ArrayList<>();
        list.forEach(out::add);
        return out;
    }
}
