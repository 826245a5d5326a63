package dev.sqlexam.grading;

import dev.sqlexam.sql.QueryResult;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * BIRD mini-dev's Soft-F1: partial credit cell by cell. Duplicate rows are dropped (first kept),
 * row i of the prediction is set against row i of the gold; a gold value found anywhere in the
 * predicted row is a match, a predicted value not in the gold row counts against precision, a gold
 * value not in the predicted row against recall; unpaired rows count wholly against one side. Two
 * empty results score 1. Numbers compare by value (4 = 4.0), as in Python.
 */
public final class SoftF1 {

    private SoftF1() {}

    public static double score(QueryResult gold, QueryResult pred) {
        // equal rows pair with themselves, every cell a match
        if (gold.columnCount() > 0 && gold.rows().equals(pred.rows())) return 1.0;
        List<List<Object>> g = distinctRows(gold);
        List<List<Object>> p = distinctRows(pred);
        if (g.isEmpty() && p.isEmpty()) return 1.0;
        double tp = 0;
        double fp = 0;
        double fn = 0;
        for (int i = 0; i < g.size(); i++) {
            List<Object> goldRow = g.get(i);
            if (i >= p.size()) {
                fn += 1;
                continue;
            }
            List<Object> predRow = p.get(i);
            int columns = Math.max(1, goldRow.size());
            int matches = 0;
            int predOnly = 0;
            int goldOnly = 0;
            for (Object v : predRow) {
                if (goldRow.contains(v)) matches++;
                else predOnly++;
            }
            for (Object v : goldRow) if (!predRow.contains(v)) goldOnly++;
            tp += (double) matches / columns;
            fp += (double) predOnly / columns;
            fn += (double) goldOnly / columns;
        }
        fp += Math.max(0, p.size() - g.size());
        double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
        double recall = tp + fn > 0 ? tp / (tp + fn) : 0;
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    }

    private static List<List<Object>> distinctRows(QueryResult result) {
        // sized for every row: a large result is not rehashed as it grows
        LinkedHashSet<List<Object>> rows =
                new LinkedHashSet<>(Math.max(16, (int) (result.rows().size() / 0.75f) + 1));
        for (List<Object> row : result.rows()) {
            List<Object> key = new ArrayList<>(row.size());
            for (Object v : row) key.add(normal(v));
            rows.add(key);
        }
        return new ArrayList<>(rows);
    }

    private static Object normal(Object v) {
        BigDecimal number = null;
        if (v instanceof Double d && Double.isFinite(d)) number = BigDecimal.valueOf(d);
        else if (v instanceof Float f && Float.isFinite(f)) number = new BigDecimal(f.toString());
        else if (v instanceof BigDecimal b) number = b;
        else if (v instanceof Long || v instanceof Integer || v instanceof Short)
            number = BigDecimal.valueOf(((Number) v).longValue());
        if (number == null) return v;
        return number.signum() == 0 ? BigDecimal.ZERO : number.stripTrailingZeros();
    }
}
