package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Family;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The values one column of a suite draws from, as text: the golds' constants and values just beside
 * them (±1, ±0.01, a day either side, a prefix and a suffix, a year's first and last day), a sample
 * of the original column, and values of its type. Small on purpose, so that values repeat.
 */
final class ColumnValues {

    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,19}");
    private static final Pattern DATE_TIME =
            Pattern.compile(
                    "\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)?([+-]\\d{2}(:?\\d{2})?|Z)?");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-fA-F-]{36}");
    private static final Pattern YEAR = Pattern.compile("(19|20)\\d{2}");

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
        this.boundaries = new ArrayList<>(boundaries(column, samples));
    }

    /**
     * Keeps only the constants and boundaries {@code accepted} accepts (samples are the column's
     * own values).
     */
    void retain(java.util.function.Predicate<String> accepted) {
        constants.removeIf(accepted.negate());
        boundaries.removeIf(accepted.negate());
    }

    private static List<String> boundaries(Column column, List<String> samples) {
        List<String> out = new ArrayList<>();
        try {
            switch (column.family()) {
                case INTEGER, NUMERIC, FLOAT -> {
                    List<BigDecimal> numbers =
                            samples.stream()
                                    .filter(v -> DECIMAL.matcher(v).matches())
                                    .map(BigDecimal::new)
                                    .sorted()
                                    .toList();
                    if (numbers.isEmpty()) return out;
                    BigDecimal step =
                            column.family() == Family.INTEGER
                                    ? BigDecimal.ONE
                                    : new BigDecimal("0.01");
                    BigDecimal min = numbers.get(0);
                    BigDecimal max = numbers.get(numbers.size() - 1);
                    for (BigDecimal b : List.of(min, max, min.subtract(step), max.add(step)))
                        out.add(b.toPlainString());
                    // the type's edges, also where a check constraint names the column (it keeps
                    // those it accepts: price >= 0 keeps 0)
                    for (String edge :
                            List.of(
                                    "0",
                                    "1",
                                    "-1",
                                    column.family() == Family.INTEGER ? "2" : "0.01"))
                        out.add(edge);
                }
                case DATE, TIMESTAMP -> {
                    List<LocalDate> days =
                            samples.stream()
                                    .filter(
                                            v ->
                                                    v.length() >= 10
                                                            && DATE.matcher(v.substring(0, 10))
                                                                    .matches())
                                    .map(v -> LocalDate.parse(v.substring(0, 10)))
                                    .sorted()
                                    .toList();
                    if (days.isEmpty()) return out;
                    LocalDate min = days.get(0);
                    LocalDate max = days.get(days.size() - 1);
                    // a year and more beyond the sample: a date filter only a prediction adds
                    // (hired since 2016) has rows outside it
                    for (LocalDate d :
                            List.of(
                                    min,
                                    max,
                                    min.minusDays(1),
                                    max.plusDays(1),
                                    min.minusDays(400),
                                    max.plusDays(400),
                                    min.minusYears(7))) {
                        out.add(column.family() == Family.DATE ? d.toString() : d + " 10:30:00");
                    }
                }
                default -> {
                    // no order to find the ends of
                }
            }
        } catch (RuntimeException unreadable) {
            // a sample value that does not read as its column's type: no edge values, the sample
            // itself still fills the column
            return List.of();
        }
        return out.stream().map(v -> fit(column, v)).filter(v -> v != null).distinct().toList();
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
            String edge = edge(random);
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
        String typed = typed(random);
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
        return edge(random);
    }

    /**
     * A small positive number of the column's type (1 to 9; 0.50 to 9.99), null for other types.
     */
    String small(Random random) {
        return switch (column.family()) {
            case INTEGER -> String.valueOf(1 + random.nextInt(9));
            case NUMERIC, FLOAT ->
                    fit(column, BigDecimal.valueOf(50 + random.nextInt(950), 2).toPlainString());
            default -> null;
        };
    }

    private static final double EDGE_RATE = 0.08;

    /** An edge value of the column's type (null: none for it). */
    private String edge(Random random) {
        return switch (column.family()) {
            case INTEGER -> pick(random, "0", "-1", "1");
            case NUMERIC, FLOAT -> fit(column, pick(random, "0.01", "-1", "0"));
            case TEXT -> pick(random, "", " ");
            default -> null;
        };
    }

    /**
     * A value of the column's type with no sample behind it (null: none can be made for the type).
     */
    String typed(Random random) {
        return switch (column.family()) {
            case INTEGER ->
                    String.valueOf(
                            new int[] {0, 1, 2, 3, 5, 10, 42, 100, -1}[random.nextInt(9)]
                                    + (random.nextBoolean() ? 0 : random.nextInt(30)));
            case NUMERIC, FLOAT ->
                    fit(
                            column,
                            random.nextBoolean()
                                    ? pick(
                                            random, "0", "0.01", "0.5", "1", "-1", "9.99", "10",
                                            "100", "1000")
                                    : BigDecimal.valueOf(random.nextInt(200_000) - 20_000, 2)
                                            .toPlainString());
            case TEXT ->
                    fit(
                            column,
                            pick(
                                            random, "a", "b", "A", "ab", "abc", "x y", "", "zz",
                                            "Alpha", "beta")
                                    + (random.nextBoolean()
                                            ? ""
                                            : String.valueOf(random.nextInt(9))));
            case BOOLEAN -> random.nextBoolean() ? "true" : "false";
            case DATE -> typedDay(random).toString();
            case TIMESTAMP ->
                    typedDay(random)
                            + " "
                            + String.format(
                                    Locale.ROOT,
                                    "%02d:%02d:00",
                                    random.nextInt(24),
                                    random.nextInt(4) * 15);
            case TIME ->
                    String.format(
                            Locale.ROOT,
                            "%02d:%02d:00",
                            random.nextInt(24),
                            random.nextInt(4) * 15);
            case INTERVAL -> (random.nextInt(60) + 1) + " days";
            case UUID -> new UUID(random.nextInt(4), random.nextInt(6)).toString();
            case JSON -> pick(random, "{}", "{\"a\": 1}", "[]", "{\"a\": null}");
            case ENUM ->
                    column.labels().isEmpty()
                            ? null
                            : column.labels().get(random.nextInt(column.labels().size()));
            case ARRAY -> "{}";
            case OTHER -> null;
        };
    }

    /**
     * A day of recent years, or now and then of three decades (a date filter no gold has finds rows
     * on both sides).
     */
    private static LocalDate typedDay(Random random) {
        return random.nextInt(3) == 0
                ? LocalDate.of(1995, 1, 1).plusDays(random.nextInt(35 * 365))
                : LocalDate.of(2023, 1, 1).plusDays(random.nextInt(900));
    }

    /** A constant and the values just beside it, for the column's type. */
    static List<String> around(Column column, String value) {
        List<String> out = new ArrayList<>();
        switch (column.family()) {
            case INTEGER -> {
                if (INTEGER.matcher(value).matches()) {
                    long v = Long.parseLong(value);
                    out.addAll(
                            List.of(
                                    String.valueOf(v),
                                    String.valueOf(v - 1),
                                    String.valueOf(v + 1)));
                }
            }
            case NUMERIC, FLOAT -> {
                if (DECIMAL.matcher(value).matches()) {
                    BigDecimal v = new BigDecimal(value);
                    BigDecimal cent = new BigDecimal("0.01");
                    for (BigDecimal x :
                            List.of(
                                    v,
                                    v.subtract(BigDecimal.ONE),
                                    v.add(BigDecimal.ONE),
                                    v.subtract(cent),
                                    v.add(cent))) out.add(x.toPlainString());
                }
            }
            case DATE, TIMESTAMP -> {
                String day = value.length() >= 10 ? value.substring(0, 10) : value;
                if (DATE.matcher(day).matches()) {
                    try {
                        LocalDate d = LocalDate.parse(day);
                        out.add(value);
                        out.add(d.minusDays(1).toString());
                        out.add(d.plusDays(1).toString());
                        // within the day before and the day itself: BETWEEN '…-31' against < '…-01'
                        // of the next month
                        if (column.family() == Family.TIMESTAMP)
                            out.addAll(
                                    List.of(
                                            d + " 23:59:59",
                                            d.minusDays(1) + " 23:59:59",
                                            d.minusDays(1) + " 14:30:00",
                                            d + " 00:00:01"));
                    } catch (RuntimeException ignored) {
                        // not a calendar date
                    }
                } else if (YEAR.matcher(value).matches()) {
                    int y = Integer.parseInt(value);
                    out.addAll(
                            List.of(
                                    y + "-01-01",
                                    y + "-12-31",
                                    (y - 1) + "-12-31",
                                    (y + 1) + "-01-01",
                                    y + "-06-15"));
                }
            }
            case TEXT -> {
                out.add(value);
                if (!value.isEmpty()) {
                    out.add(value.substring(0, value.length() - 1));
                    out.add(value + "x");
                    out.add(value.toUpperCase(Locale.ROOT));
                    out.add(value.toLowerCase(Locale.ROOT));
                    out.add(" " + value);
                }
            }
            case BOOLEAN -> {
                String v = value.toLowerCase(Locale.ROOT);
                if (v.equals("true") || v.equals("false") || v.equals("t") || v.equals("f"))
                    out.addAll(List.of("true", "false"));
            }
            case ENUM -> {
                if (column.labels().contains(value)) out.add(value);
            }
            case UUID -> {
                if (UUID_TEXT.matcher(value).matches()) out.add(value);
            }
            default -> {
                // constants of other types are not made: they would not cast
            }
        }
        return out;
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

    private static String pick(Random random, String... values) {
        return values[random.nextInt(values.length)];
    }
}
