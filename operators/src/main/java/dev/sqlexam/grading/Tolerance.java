package dev.sqlexam.grading;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;

/**
 * Value equality for grading: NULL equals only NULL; integers compare exactly; other numbers
 * (floats, and numerics with fractions) within a relative-or-absolute tolerance; everything else by
 * equals. Also the total order used to sort rows before bag comparison.
 */
public record Tolerance(double relative, double absolute) implements Serializable {

    public static final Tolerance DEFAULT = new Tolerance(1e-6, 1e-9);

    /** float_tolerance and float_tolerance_abs. */
    public static Tolerance from(dev.sqlexam.config.Settings s) {
        return new Tolerance(
                s.get(dev.sqlexam.config.SqlExamOptions.TOLERANCE_RELATIVE),
                s.get(dev.sqlexam.config.SqlExamOptions.TOLERANCE_ABSOLUTE));
    }

    public Tolerance {
        if (relative < 0 || absolute < 0)
            throw new IllegalArgumentException("tolerances must be >= 0");
    }

    public boolean valuesEqual(Object a, Object b) {
        if (a == null || b == null) return a == b;
        if (a instanceof Number x && b instanceof Number y) return numbersEqual(x, y);
        return a.equals(b);
    }

    public boolean rowsEqual(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            if (!valuesEqual(a.get(i), b.get(i))) return false;
        }
        return true;
    }

    boolean numbersEqual(Number x, Number y) {
        if (x instanceof BigDecimal bx && y instanceof BigDecimal by) {
            if (bx.compareTo(by) == 0) return true;
            if (isIntegral(bx) && isIntegral(by)) return false;
        }
        double dx = x.doubleValue();
        double dy = y.doubleValue();
        if (Double.isNaN(dx) || Double.isNaN(dy)) return Double.isNaN(dx) && Double.isNaN(dy);
        if (dx == dy) return true;
        double diff = Math.abs(dx - dy);
        return diff <= absolute || diff <= relative * Math.max(Math.abs(dx), Math.abs(dy));
    }

    static boolean isIntegral(BigDecimal d) {
        return d.signum() == 0 || d.scale() <= 0 || d.stripTrailingZeros().scale() <= 0;
    }

    /** NULL first, then booleans, numbers (by value), text, and anything else by its text. */
    public static final Comparator<Object> VALUE_ORDER =
            (a, b) -> {
                int ra = rank(a);
                int rb = rank(b);
                if (ra != rb) return Integer.compare(ra, rb);
                return switch (ra) {
                    case 0 -> 0;
                    case 1 -> Boolean.compare((Boolean) a, (Boolean) b);
                    case 2 -> compareNumbers((Number) a, (Number) b);
                    default -> a.toString().compareTo(b.toString());
                };
            };

    public static final Comparator<List<Object>> ROW_ORDER =
            (a, b) -> {
                int n = Math.min(a.size(), b.size());
                for (int i = 0; i < n; i++) {
                    int c = VALUE_ORDER.compare(a.get(i), b.get(i));
                    if (c != 0) return c;
                }
                return Integer.compare(a.size(), b.size());
            };

    private static int rank(Object v) {
        if (v == null) return 0;
        if (v instanceof Boolean) return 1;
        if (v instanceof Number) return 2;
        if (v instanceof String) return 3;
        return 4;
    }

    private static int compareNumbers(Number a, Number b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) return x.compareTo(y);
        return Double.compare(a.doubleValue(), b.doubleValue());
    }
}
