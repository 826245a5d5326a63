package dev.sqlexam.llm;

import dev.sqlexam.model.Identifiers;
import dev.sqlexam.prompt.Glosses;
import dev.sqlexam.prompt.SchemaLinker;
import dev.sqlexam.sql.CalendarDays;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The baseline's filters read from the question's wording: date ranges (a year, a month and year,
 * an ISO date after a comparison word, between two dates) on a date column, and numeric comparisons
 * ("more than 5,000", "at least 3") on the linked measure column.
 */
final class BaselineFilters {

    /**
     * A condition and the table it needs. {@code having}: it compares the aggregated value, not
     * rows.
     */
    record Filter(String table, String condition, boolean having) {}

    private static final Pattern COMPARISON =
            Pattern.compile(
                    "(?i)\\b(more than|greater than|over|above|exceeding|at least|no less than"
                            + "|less than|fewer than|under|below|at most|no more than)\\s+\\$?(\\d[\\d,]*(?:\\.\\d+)?)\\s*(k|thousand|million)?\\b(?:\\s+([a-z]+))?");
    private static final String MONTH;

    /**
     * A day: ISO, "1 June 2024" or "June 1, 2024", with the word before it that says how it
     * filters.
     */
    private static final Pattern DAY;

    private static final Pattern BETWEEN;
    private static final Pattern MONTH_YEAR;

    /** A number that fits an int, as {@link Integer#parseInt} reads it. */
    private static final Pattern INT = Pattern.compile("[+-]?\\d{1,9}");

    private static final Pattern YEAR = Pattern.compile("\\b(19\\d{2}|20\\d{2})\\b(?!-\\d)");

    static {
        List<String> months = new ArrayList<>();
        for (Month m : Month.values()) {
            months.add(m.getDisplayName(TextStyle.FULL, Locale.ENGLISH).toLowerCase(Locale.ROOT));
            months.add(
                    m.getDisplayName(TextStyle.SHORT, Locale.ENGLISH).toLowerCase(Locale.ROOT)
                            + "\\.?");
        }
        MONTH = "(?:" + String.join("|", months) + ")";
        String day =
                "(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+"
                        + MONTH
                        + "\\s+\\d{4}|"
                        + MONTH
                        + "\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4})";
        DAY =
                Pattern.compile(
                        "(?i)(?:\\b(since|after|from|before|until|prior to|as of|on)\\s+)?\\b"
                                + day
                                + "\\b");
        BETWEEN = Pattern.compile("(?i)\\bbetween\\s+" + day + "\\s+and\\s+" + day + "\\b");
        MONTH_YEAR = Pattern.compile("(?i)\\b(" + MONTH + ")\\s+(?:of\\s+)?(19\\d{2}|20\\d{2})\\b");
    }

    private BaselineFilters() {}

    /**
     * The date condition the question asks for on {@code column}, if any: between two days, a day
     * after a comparison word ("as of" a day is a reference point, not a filter), a month and year,
     * or a year.
     */
    static Filter dates(String q, Glosses.Gloss column) {
        if (column == null) return null;
        String col = ref(column);
        Matcher between = BETWEEN.matcher(q);
        if (between.find()) {
            LocalDate from = day(between.group(1));
            LocalDate to = day(between.group(2));
            if (from != null && to != null)
                return new Filter(
                        column.table(),
                        col + " BETWEEN DATE '" + from + "' AND DATE '" + to + "'",
                        false);
        }
        Matcher day = DAY.matcher(q);
        String rest = q;
        while (day.find()) {
            LocalDate d = day(day.group(2));
            rest = rest.replace(day.group(2), " ");
            if (d == null || day.group(1) == null || day.group(1).equalsIgnoreCase("as of"))
                continue;
            String op =
                    switch (day.group(1).toLowerCase(Locale.ROOT)) {
                        case "since", "from" -> ">=";
                        case "after" -> ">";
                        case "on" -> "=";
                        default -> "<";
                    };
            String left = "=".equals(op) ? "CAST(" + col + " AS date)" : col;
            return new Filter(column.table(), left + " " + op + " DATE '" + d + "'", false);
        }
        Matcher monthYear = MONTH_YEAR.matcher(rest);
        if (monthYear.find()) {
            LocalDate start =
                    LocalDate.of(
                            Integer.parseInt(monthYear.group(2)), month(monthYear.group(1)), 1);
            return range(column, col, start, start.plusMonths(1));
        }
        Matcher year = YEAR.matcher(rest);
        if (year.find()) {
            LocalDate start = LocalDate.of(Integer.parseInt(year.group(1)), 1, 1);
            return range(column, col, start, start.plusYears(1));
        }
        return null;
    }

    /** "2024-06-01", "1 June 2024", "June 1st, 2024"; null when it is no real day. */
    static LocalDate day(String text) {
        String t =
                text.toLowerCase(Locale.ROOT)
                        .replaceAll("(\\d)(st|nd|rd|th)\\b", "$1")
                        .replace(",", " ")
                        .replace(".", " ")
                        .trim();
        if (t.matches("\\d{4}-\\d{2}-\\d{2}")) return CalendarDays.iso(t);
        String[] p = t.split("\\s+");
        if (p.length != 3) return null;
        boolean dayFirst = p[0].matches("\\d+");
        Month month = monthNamed(dayFirst ? p[1] : p[0]);
        String dayOfMonth = dayFirst ? p[0] : p[1];
        // words that look like a date but name no day: no date filter
        if (month == null || !INT.matcher(p[2]).matches() || !INT.matcher(dayOfMonth).matches())
            return null;
        return CalendarDays.of(
                Integer.parseInt(p[2]), month.getValue(), Integer.parseInt(dayOfMonth));
    }

    /**
     * Numeric comparisons on the best linked measure. A number followed by a table's noun ("more
     * than 5 orders") counts rows per group and is left alone; on the aggregated measure of a
     * grouped query the comparison goes to HAVING.
     */
    static List<Filter> numbers(
            String q,
            SchemaLinker.Bundle bundle,
            Map<String, List<Glosses.Gloss>> columns,
            Collection<String> tables,
            Glosses.Gloss aggregated,
            boolean grouped) {
        List<Filter> out = new ArrayList<>();
        Matcher m = COMPARISON.matcher(q);
        while (m.find()) {
            String next = m.group(4);
            if (next != null
                    && tables.stream()
                            .anyMatch(
                                    t ->
                                            BaselineGenerator.tableMatches(
                                                    t, next.toLowerCase(Locale.ROOT)))) continue;
            Glosses.Gloss column =
                    bundle.linkedColumns().stream()
                            .sorted(
                                    Comparator.comparingDouble(SchemaLinker.ColumnLink::score)
                                            .reversed())
                            .map(
                                    l ->
                                            columns.getOrDefault(l.table(), List.of()).stream()
                                                    .filter(g -> g.column().equals(l.column()))
                                                    .findFirst()
                                                    .orElse(null))
                            .filter(g -> g != null && BaselineGenerator.isMeasure(g))
                            .findFirst()
                            .orElse(aggregated);
            if (column == null) continue;
            BigDecimal value = new BigDecimal(m.group(2).replace(",", ""));
            if (m.group(3) != null)
                value =
                        value.multiply(
                                BigDecimal.valueOf(
                                        m.group(3).equalsIgnoreCase("million")
                                                ? 1_000_000
                                                : 1_000));
            String op = operator(m.group(1).toLowerCase(Locale.ROOT));
            boolean having = grouped && column.equals(aggregated);
            out.add(
                    new Filter(
                            column.table(),
                            (having ? "value" : ref(column))
                                    + " "
                                    + op
                                    + " "
                                    + value.toPlainString(),
                            having));
        }
        return out;
    }

    private static String operator(String words) {
        return switch (words) {
            case "at least", "no less than" -> ">=";
            case "at most", "no more than" -> "<=";
            case "less than", "fewer than", "under", "below" -> "<";
            default -> ">";
        };
    }

    private static Filter range(Glosses.Gloss column, String col, LocalDate start, LocalDate end) {
        return new Filter(
                column.table(),
                col + " >= DATE '" + start + "' AND " + col + " < DATE '" + end + "'",
                false);
    }

    private static Month month(String name) {
        Month m = monthNamed(name);
        if (m == null) throw new IllegalArgumentException("not a month: " + name);
        return m;
    }

    /** The month {@code name} begins the English name of; null when none. */
    private static Month monthNamed(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace(".", "");
        for (Month m : Month.values()) {
            if (m.getDisplayName(TextStyle.FULL, Locale.ENGLISH)
                    .toLowerCase(Locale.ROOT)
                    .startsWith(n)) return m;
        }
        return null;
    }

    private static String ref(Glosses.Gloss g) {
        return g.table() + "." + Identifiers.quoteIfNeeded(g.column());
    }
}
