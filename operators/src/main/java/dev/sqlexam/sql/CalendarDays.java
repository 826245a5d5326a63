package dev.sqlexam.sql;

import java.time.LocalDate;
import java.time.Year;
import java.time.YearMonth;
import java.util.regex.Pattern;

/**
 * Days from their numbers, where numbers that name no day (2023-02-30, a 13th month) are an
 * expected case: told by a null, not by {@link java.time.DateTimeException}.
 */
public final class CalendarDays {

    private static final Pattern ISO = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private CalendarDays() {}

    /** {@code text} as an ISO day (yyyy-mm-dd); null when it is not one. */
    public static LocalDate iso(String text) {
        if (text == null || !ISO.matcher(text).matches()) return null;
        return of(
                Integer.parseInt(text.substring(0, 4)),
                Integer.parseInt(text.substring(5, 7)),
                Integer.parseInt(text.substring(8, 10)));
    }

    /** The day {@code year-month-day}; null when the numbers name none. */
    public static LocalDate of(int year, int month, int day) {
        if (year < Year.MIN_VALUE || year > Year.MAX_VALUE) return null;
        if (month < 1 || month > 12 || day < 1) return null;
        if (day > YearMonth.of(year, month).lengthOfMonth()) return null;
        return LocalDate.of(year, month, day);
    }
}
