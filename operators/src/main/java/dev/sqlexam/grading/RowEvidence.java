package dev.sqlexam.grading;

import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.ResultEvidence;
import dev.sqlexam.sql.QueryResult;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows kept to show why a prediction is wrong ({@link ResultEvidence}), within {@link
 * GradingRules.EvidenceLimits}. Rows are compared as the text they show, each predicted column put
 * under the gold column it holds the values of (the same column where it does), so a difference
 * shown is one a reader can see.
 */
final class RowEvidence {

    private RowEvidence() {}

    /**
     * The evidence of a prediction graded {@code reason} against {@code gold}'s result; {@code
     * pred} null when the prediction did not run. Null when the limits keep none.
     */
    static ResultEvidence of(
            QueryResult gold,
            QueryResult pred,
            GradeReason reason,
            GradingRules.EvidenceLimits limits,
            Tolerance tolerance) {
        if (limits.off() || gold == null) return null;
        try {
            return kept(gold, pred, reason, limits, tolerance);
        } catch (RuntimeException e) {
            // the rows are an aid to the reader: a verdict never fails for want of them
            return null;
        }
    }

    private static ResultEvidence kept(
            QueryResult gold,
            QueryResult pred,
            GradeReason reason,
            GradingRules.EvidenceLimits limits,
            Tolerance tolerance) {
        List<List<String>> goldText = text(gold.rows(), null, limits.cellChars());
        ResultEvidence.Difference difference = null;
        List<List<String>> predText = null;
        if (pred != null) {
            int[] alignment =
                    pred.columnCount() >= gold.columnCount()
                            ? alignment(gold, pred, tolerance)
                            : null;
            predText = text(pred.rows(), null, limits.cellChars());
            if (alignment != null)
                difference =
                        difference(
                                goldText,
                                text(pred.rows(), alignment, limits.cellChars()),
                                alignment,
                                reason == GradeReason.ORDER_MISMATCH);
        }
        return bounded(gold, pred, goldText, predText, difference, limits);
    }

    private static ResultEvidence bounded(
            QueryResult gold,
            QueryResult pred,
            List<List<String>> goldText,
            List<List<String>> predText,
            ResultEvidence.Difference difference,
            GradingRules.EvidenceLimits limits) {
        List<List<String>> goldShown = first(goldText, limits.rows());
        List<List<String>> predShown = predText == null ? null : first(predText, limits.rows());
        boolean truncated =
                goldShown.size() < goldText.size()
                        || (predText != null && predShown.size() < predText.size())
                        || gold.truncated()
                        || (pred != null && pred.truncated());
        int bytes =
                bytes(goldShown)
                        + (predShown == null ? 0 : bytes(predShown))
                        + (difference == null
                                ? 0
                                : bytes(nonNull(difference.goldRow()))
                                        + bytes(nonNull(difference.predRow())));
        while (bytes > limits.maxBytes() && (!goldShown.isEmpty() || !isEmpty(predShown))) {
            List<List<String>> longer =
                    isEmpty(predShown) || (goldShown.size() >= predShown.size())
                            ? goldShown
                            : predShown;
            bytes -= bytes(List.of(longer.get(longer.size() - 1)));
            longer.remove(longer.size() - 1);
            truncated = true;
        }
        return new ResultEvidence(
                List.copyOf(gold.columnNames()),
                List.copyOf(goldShown),
                pred == null ? null : List.copyOf(pred.columnNames()),
                predShown == null ? null : List.copyOf(predShown),
                difference,
                truncated);
    }

    /**
     * For each gold column the predicted column compared with it: itself where it holds the same
     * values (where the row counts differ: has the same name), else the first unused one that does;
     * a column no predicted column fits takes itself where still unused, else the first unused.
     */
    static int[] alignment(QueryResult gold, QueryResult pred, Tolerance tolerance) {
        boolean[][] fits =
                gold.rowCount() == pred.rowCount()
                        ? new ResultComparator(tolerance).columnFits(gold, pred)
                        : sameNames(gold, pred);
        int[] alignment = new int[gold.columnCount()];
        Arrays.fill(alignment, -1);
        boolean[] used = new boolean[pred.columnCount()];
        for (int i = 0; i < alignment.length; i++) {
            if (fits[i][i]) {
                alignment[i] = i;
                used[i] = true;
            }
        }
        for (int i = 0; i < alignment.length; i++) {
            for (int j = 0; j < used.length && alignment[i] < 0; j++) {
                if (!used[j] && fits[i][j]) {
                    alignment[i] = j;
                    used[j] = true;
                }
            }
        }
        for (int i = 0; i < alignment.length; i++) {
            if (alignment[i] < 0 && !used[i]) alignment[i] = i;
            for (int j = 0; j < used.length && alignment[i] < 0; j++)
                if (!used[j]) alignment[i] = j;
            used[alignment[i]] = true;
        }
        return alignment;
    }

    /** Columns of results with different row counts match by name (the values cannot tell). */
    private static boolean[][] sameNames(QueryResult gold, QueryResult pred) {
        boolean[][] fits = new boolean[gold.columnCount()][pred.columnCount()];
        for (int i = 0; i < fits.length; i++)
            for (int j = 0; j < fits[i].length; j++)
                fits[i][j] = gold.columnNames().get(i).equalsIgnoreCase(pred.columnNames().get(j));
        return fits;
    }

    private static ResultEvidence.Difference difference(
            List<List<String>> gold, List<List<String>> pred, int[] alignment, boolean order) {
        List<Integer> aligned = new ArrayList<>();
        for (int j : alignment) aligned.add(j + 1);
        if (order) {
            for (int i = 0; i < Math.min(gold.size(), pred.size()); i++) {
                if (!gold.get(i).equals(pred.get(i)))
                    return new ResultEvidence.Difference(
                            ResultEvidence.ORDER_DIFFERS, i + 1, gold.get(i), pred.get(i), aligned);
            }
        }
        Map<List<String>, Integer> goldLeft = new HashMap<>();
        for (List<String> row : gold) goldLeft.merge(row, 1, Integer::sum);
        List<String> extra = null;
        for (List<String> row : pred) {
            Integer n = goldLeft.get(row);
            if (n == null || n == 0) {
                if (extra == null) extra = row;
            } else goldLeft.put(row, n - 1);
        }
        Map<List<String>, Integer> predLeft = new HashMap<>();
        for (List<String> row : pred) predLeft.merge(row, 1, Integer::sum);
        List<String> missing = null;
        for (List<String> row : gold) {
            Integer n = predLeft.get(row);
            if (n == null || n == 0) {
                missing = row;
                break;
            }
            predLeft.put(row, n - 1);
        }
        if (missing == null && extra == null) return null;
        return new ResultEvidence.Difference(
                ResultEvidence.ROWS_DIFFER, null, missing, extra, aligned);
    }

    /** Rows as text, the columns of {@code alignment} only when given, cells cut at {@code max}. */
    private static List<List<String>> text(List<List<Object>> rows, int[] alignment, int max) {
        List<List<String>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<String> cells = new ArrayList<>();
            if (alignment == null) for (Object v : row) cells.add(cell(v, max));
            else for (int j : alignment) cells.add(cell(row.get(j), max));
            out.add(cells);
        }
        return out;
    }

    static String cell(Object value, int max) {
        String text;
        if (value == null) text = "NULL";
        else if (value instanceof BigDecimal d) text = plain(d);
        else if (value instanceof Double d && Double.isFinite(d))
            text = plain(BigDecimal.valueOf(d));
        else if (value instanceof Float f && Float.isFinite(f))
            text = plain(new BigDecimal(Float.toString(f)));
        else text = String.valueOf(value);
        return text.length() <= max ? text : text.substring(0, max) + "…";
    }

    private static String plain(BigDecimal d) {
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }

    private static List<List<String>> first(List<List<String>> rows, int n) {
        return new ArrayList<>(rows.subList(0, Math.min(n, rows.size())));
    }

    private static int bytes(List<List<String>> rows) {
        int n = 0;
        for (List<String> row : rows)
            for (String c : row) n += c.getBytes(StandardCharsets.UTF_8).length + 3;
        return n;
    }

    private static List<List<String>> nonNull(List<String> row) {
        return row == null ? List.of() : List.of(row);
    }

    private static boolean isEmpty(List<List<String>> rows) {
        return rows == null || rows.isEmpty();
    }
}
