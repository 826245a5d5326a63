package dev.sqlexam.suite;

import dev.sqlexam.sql.CalendarDays;
import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Family;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.sqlexam.suite.ColumnValues.DATE;
import static dev.sqlexam.suite.ColumnValues.DECIMAL;
import static dev.sqlexam.suite.ColumnValues.INTEGER;
import static dev.sqlexam.suite.ColumnValues.UUID_TEXT;
import static dev.sqlexam.suite.ColumnValues.YEAR;

/**
 * Values near those a column is known to take: beside a gold's constant (±1, ±0.01, a day either
 * side, a prefix and a suffix, a year's first and last day), and at and beyond the ends of its
 * sample.
 */
final class NearbyValues {

    private NearbyValues() {}

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
            case NUMERIC, FLOAT -> aroundDecimal(out, value);
            case DATE, TIMESTAMP -> aroundDay(out, column, value);
            case TEXT -> aroundText(out, value);
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

    private static void aroundDecimal(List<String> out, String value) {
        if (!DECIMAL.matcher(value).matches()) return;
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

    private static void aroundDay(List<String> out, Column column, String value) {
        String day = value.length() >= 10 ? value.substring(0, 10) : value;
        if (DATE.matcher(day).matches()) {
            LocalDate d = CalendarDays.iso(day);
            if (d != null) {
                out.add(value);
                out.add(d.minusDays(1).toString());
                out.add(d.plusDays(1).toString());
                // within the day before and the day itself: BETWEEN '…-31' against < '…-01' of the
                // next month
                if (column.family() == Family.TIMESTAMP)
                    out.addAll(
                            List.of(
                                    d + " 23:59:59",
                                    d.minusDays(1) + " 23:59:59",
                                    d.minusDays(1) + " 14:30:00",
                                    d + " 00:00:01"));
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

    private static void aroundText(List<String> out, String value) {
        out.add(value);
        if (value.isEmpty()) return;
        out.add(value.substring(0, value.length() - 1));
        out.add(value + "x");
        out.add(value.toUpperCase(Locale.ROOT));
        out.add(value.toLowerCase(Locale.ROOT));
        out.add(" " + value);
    }

    /**
     * The sample's smallest and largest values and those just beyond them (numbers and dates), and
     * a number's type's edges; none when a sample value does not read as the column's type.
     */
    static List<String> boundaries(Column column, List<String> samples) {
        List<String> out = new ArrayList<>();
        try {
            switch (column.family()) {
                case INTEGER, NUMERIC, FLOAT -> numberBoundaries(out, column, samples);
                case DATE, TIMESTAMP -> dayBoundaries(out, column, samples);
                default -> {
                    // no order to find the ends of
                }
            }
        } catch (RuntimeException unreadable) {
            // a sample value that does not read as its column's type: no edge values, the sample
            // itself still fills the column
            return List.of();
        }
        return out.stream()
                .map(v -> ColumnValues.fit(column, v))
                .filter(v -> v != null)
                .distinct()
                .toList();
    }

    private static void numberBoundaries(List<String> out, Column column, List<String> samples) {
        List<BigDecimal> numbers =
                samples.stream()
                        .filter(v -> DECIMAL.matcher(v).matches())
                        .map(BigDecimal::new)
                        .sorted()
                        .toList();
        if (numbers.isEmpty()) return;
        BigDecimal step =
                column.family() == Family.INTEGER ? BigDecimal.ONE : new BigDecimal("0.01");
        BigDecimal min = numbers.get(0);
        BigDecimal max = numbers.get(numbers.size() - 1);
        for (BigDecimal b : List.of(min, max, min.subtract(step), max.add(step)))
            out.add(b.toPlainString());
        // the type's edges, also where a check constraint names the column (it keeps those it
        // accepts: price >= 0 keeps 0)
        for (String edge :
                List.of("0", "1", "-1", column.family() == Family.INTEGER ? "2" : "0.01"))
            out.add(edge);
    }

    private static void dayBoundaries(List<String> out, Column column, List<String> samples) {
        List<LocalDate> days =
                samples.stream()
                        .filter(v -> v.length() >= 10 && DATE.matcher(v.substring(0, 10)).matches())
                        .map(v -> LocalDate.parse(v.substring(0, 10)))
                        .sorted()
                        .toList();
        if (days.isEmpty()) return;
        LocalDate min = days.get(0);
        LocalDate max = days.get(days.size() - 1);
        // a year and more beyond the sample: a date filter only a prediction adds (hired since
        // 2016) has rows outside it
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
}
