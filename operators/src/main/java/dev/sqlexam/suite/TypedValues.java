package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;

import static dev.sqlexam.suite.ColumnValues.fit;

/**
 * Values of a column's type with no sample behind them: any value of the type, one at an edge of it
 * (0, a cent, a negative, the empty string), a small number.
 */
final class TypedValues {

    private TypedValues() {}

    /**
     * A small positive number of the column's type (1 to 9; 0.50 to 9.99), null for other types.
     */
    static String small(Column column, Random random) {
        return switch (column.family()) {
            case INTEGER -> String.valueOf(1 + random.nextInt(9));
            case NUMERIC, FLOAT ->
                    fit(column, BigDecimal.valueOf(50 + random.nextInt(950), 2).toPlainString());
            default -> null;
        };
    }

    /** An edge value of the column's type (null: none for it). */
    static String edge(Column column, Random random) {
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
    static String typed(Column column, Random random) {
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

    private static String pick(Random random, String... values) {
        return values[random.nextInt(values.length)];
    }
}
