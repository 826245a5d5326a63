package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Family;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The values one column of a suite draws from, as text: the golds' constants and values just beside
 * them (±1, ±0.01, a day either side, a prefix and a suffix, a year's first and last day), a sample
 * of the original column, and values of its type. Small on purpose, so that values repeat.
 */
final class ColumnValues {

    static final Pattern INTEGER = Pattern.compile("-?\\d{1,19}");
    static final Pattern DATE_TIME =
            Pattern.compile(
                    "\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)?([+-]\\d{2}(:?\\d{2})?|Z)?");
    static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    static final Pattern UUID_TEXT = Pattern.compile("[0-9a-fA-F-]{36}");
    static final Pattern YEAR = Pattern.compile("(19|20)\\d{2}");

    final Column column;
    final List<String> constants;
    final List<String> samples;

    /** The sample's smallest and largest values and those just beyond them (numbers and dates). */
    final List<String> boundaries;

    private final boolean checked;

    /**
     * {@code checked}: a check constraint names the column; its values then come from the golds and
     * the original column only.
     */
    ColumnValues(
            Column column,
            Collection<String> goldConstants,
            Collection<String> sampled,
            boolean checked) {
        this.column = column;
        this.checked = checked;
        Set<String> c = new LinkedHashSet<>();
        // a checked text column (status IN ('active', …)) would refuse most variants of a constant:
        // the constant alone
        for (String k : goldConstants)
            c.addAll(checked && column.family() == Family.TEXT ? List.of(k) : around(column, k));
        this.constants =
                new ArrayList<>(
                        c.stream()
                                .map(v -> fit(column, v))
                                .filter(v -> v != null)
                                .distinct()
                                .toList());
        this.samples =
                new ArrayList<>(
                        sampled.stream()
                                .filter(v -> v != null)
                                .map(v -> fit(column, v))
                                .filter(v -> v != null)
                                .distinct()
                                .toList());
        this.boundaries = new ArrayList<>(NearbyValues.boundaries(column, samples));
    }

    /**
     * Keeps only the constants and boundaries {@code accepted} accepts (samples are the column's
     * own values).
     */
    void retain(Predicate<String> accepted) {
        constants.removeIf(accepted.negate());
        boundaries.removeIf(accepted.negate());
    }

    /**
     * One value (null: SQL NULL) for a row; {@code nullRate}: how often a nullable column is NULL.
     */
    String draw(Random random, double nullRate) {
        return draw(random, nullRate, 1.0);
    }

    /**
     * As {@link #draw(Random, double)}; {@code anchored} (0–1) is how much sampled values are
     * preferred to values of the type.
     */
    String draw(Random random, double nullRate, double anchored) {
        if (column.nullable() && random.nextDouble() < nullRate) return null;
        // now and then the type's edge (0, a cent, a negative, the empty string): a filter only a
        // prediction adds
        // (total > 0.5, price > 0, name <> '') has rows to trip on
        if (!checked && random.nextDouble() < EDGE_RATE) {
            String edge = TypedValues.edge(column, random);
            if (edge != null) return edge;
        }
        double r = random.nextDouble();
        if (!constants.isEmpty() && r < 0.4) return constants.get(random.nextInt(constants.size()));
        if (!boundaries.isEmpty() && r >= 0.4 && r < 0.48)
            return boundaries.get(random.nextInt(boundaries.size()));
        if (!samples.isEmpty() && (r < 0.48 + 0.27 * anchored || checked))
            return samples.get(random.nextInt(samples.size()));
        // a checked column without samples keeps to the values the golds name (a check refuses most
        // others)
        if (checked && !constants.isEmpty()) return constants.get(random.nextInt(constants.size()));
        String typed = TypedValues.typed(column, random);
        if (typed != null) return typed;
        if (!samples.isEmpty()) return samples.get(random.nextInt(samples.size()));
        return constants.isEmpty() ? null : constants.get(random.nextInt(constants.size()));
    }

    /**
     * A value at an edge of what the column holds, for a row that meets a gold's conditions: NULL
     * ({@link GoldConstants#NULL}), the sample's ends and beyond (an older date, a smaller number),
     * the type's edges (0, -1, the empty string); null: none. A checked column keeps to NULL and
     * the boundaries its check accepts.
     */
    String extreme(Random random) {
        if (column.nullable() && random.nextInt(3) == 0) return GoldConstants.NULL;
        if (!boundaries.isEmpty() && (checked || random.nextBoolean()))
            return boundaries.get(random.nextInt(boundaries.size()));
        if (checked) return column.nullable() ? GoldConstants.NULL : null;
        return TypedValues.edge(column, random);
    }

    /**
     * A small positive number of the column's type (1 to 9; 0.50 to 9.99), null for other types.
     */
    String small(Random random) {
        return TypedValues.small(column, random);
    }

    /**
     * A value of the column's type with no sample behind it (null: none can be made for the type).
     */
    String typed(Random random) {
        return TypedValues.typed(column, random);
    }

    private static final double EDGE_RATE = 0.08;

    /** A constant and the values just beside it, for the column's type. */
    static List<String> around(Column column, String value) {
        return NearbyValues.around(column, value);
    }

    /**
     * The value as the column can store it (a string cut to its length, a number to its scale), or
     * null when it cannot.
     */
    static String fit(Column column, String value) {
        if (value == null) return null;
        switch (column.family()) {
            case TEXT -> {
                return column.length() > 0 && value.length() > column.length()
                        ? value.substring(0, column.length())
                        : value;
            }
            case NUMERIC -> {
                if (!DECIMAL.matcher(value).matches())
                    return column.type().equals("money") ? value : null;
                if (column.precision() == 0) return value;
                BigDecimal v = new BigDecimal(value).setScale(column.scale(), RoundingMode.HALF_UP);
                return v.precision() - v.scale() > column.precision() - column.scale()
                        ? null
                        : v.toPlainString();
            }
            case INTEGER -> {
                if (!INTEGER.matcher(value).matches()) return null;
                BigDecimal v = new BigDecimal(value);
                long max =
                        column.type().equals("smallint")
                                ? Short.MAX_VALUE
                                : column.type().equals("integer")
                                        ? Integer.MAX_VALUE
                                        : Long.MAX_VALUE;
                return v.compareTo(BigDecimal.valueOf(max)) > 0
                                || v.compareTo(BigDecimal.valueOf(-max - 1)) < 0
                        ? null
                        : value;
            }
            case DATE -> {
                return DATE_TIME.matcher(value).matches() ? value.substring(0, 10) : null;
            }
            case TIMESTAMP -> {
                return DATE_TIME.matcher(value).matches() ? value : null;
            }
            default -> {
                return value;
            }
        }
    }
}
