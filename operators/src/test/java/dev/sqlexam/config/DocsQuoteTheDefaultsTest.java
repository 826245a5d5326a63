package dev.sqlexam.config;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A default the docs quote beside an option's key is the registry's default, and docs/safety.md's
 * table of time limits, which grading.md and the import docs point to, names each limit with its
 * default.
 */
class DocsQuoteTheDefaultsTest {

    private static final Path DOCS = Path.of("..", "docs");

    /** {@code `key` (30 s)}, {@code `key` (default 300 ms}, {@code `key`, default 60 s}. */
    private static final Pattern QUOTED_DEFAULT =
            Pattern.compile(
                    "`([A-Za-z_]+)`(?: \\(|, )(?:default )?([0-9][0-9,]*(?:\\.[0-9]+)?)( ms| s| min)?(?![0-9])");

    private static Map<String, Option<?>> registry() {
        Map<String, Option<?>> byKey = new HashMap<>();
        for (Option<?> o : SqlExamOptions.all()) byKey.put(o.key(), o);
        return byKey;
    }

    /**
     * {@code value} with {@code unit} in the option's own unit (milliseconds for a {@code _ms}).
     */
    private static double inOptionsUnit(String key, String value, String unit) {
        double v = Double.parseDouble(value.replace(",", ""));
        if (unit == null || !key.toLowerCase(java.util.Locale.ROOT).endsWith("_ms")) return v;
        return switch (unit.strip()) {
            case "s" -> v * 1_000;
            case "min" -> v * 60_000;
            default -> v;
        };
    }

    private static List<Path> pages() throws Exception {
        List<Path> pages = new ArrayList<>(List.of(Path.of("..", "README.md")));
        try (Stream<Path> docs = Files.list(DOCS)) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    @Test
    void everyDefaultQuotedBesideAnOptionIsTheRegistrysDefault() throws Exception {
        Map<String, Option<?>> options = registry();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            Matcher m = QUOTED_DEFAULT.matcher(Files.readString(page));
            while (m.find()) {
                Option<?> o = options.get(m.group(1));
                if (o == null || !(o.defaultValue() instanceof Number n)) continue;
                checked++;
                double quoted = inOptionsUnit(o.key(), m.group(2), m.group(3));
                if (quoted != n.doubleValue())
                    wrong.add(page.getFileName() + ": " + m.group() + " but the default is " + n);
            }
        }
        assertThat(wrong).as("defaults the docs quote that are not the registry's").isEmpty();
        assertThat(checked).isGreaterThanOrEqualTo(5);
    }

    @Test
    void safetyMdsTimeLimitsNameEachLimitWithItsDefault() throws Exception {
        String safety = Files.readString(DOCS.resolve("safety.md"));
        int start = safety.indexOf("## Time limits");
        assertThat(start).as("docs/safety.md has a section Time limits").isGreaterThanOrEqualTo(0);
        int end = safety.indexOf("\n## ", start + 3);
        String section = end < 0 ? safety.substring(start) : safety.substring(start, end);
        Map<String, Option<?>> options = registry();
        List<String> named = new ArrayList<>();
        Pattern key = Pattern.compile("`([A-Za-z_]+)`");
        Pattern amount = Pattern.compile("([0-9][0-9,]*(?:\\.[0-9]+)?)( ms| s| min| ×)?");
        for (String row : section.lines().filter(l -> l.startsWith("| ")).toList()) {
            String[] cells = row.split("\\|");
            if (cells.length < 4 || cells[2].isBlank() || cells[2].contains("---")) continue;
            List<Option<?>> limits = new ArrayList<>();
            Matcher k = key.matcher(cells[2]);
            while (k.find())
                if (options.containsKey(k.group(1))) limits.add(options.get(k.group(1)));
            List<String> amounts = new ArrayList<>();
            Matcher a = amount.matcher(cells[3]);
            while (a.find()) amounts.add(a.group(1) + "|" + a.group(2));
            if (limits.isEmpty()) continue;
            assertThat(amounts).as(row).hasSameSizeAs(limits);
            for (int i = 0; i < limits.size(); i++) {
                Option<?> o = limits.get(i);
                named.add(o.key());
                String[] v = amounts.get(i).split("\\|", -1);
                assertThat(inOptionsUnit(o.key(), v[0], v[1].equals("null") ? null : v[1]))
                        .as(row + ": the default of " + o.key())
                        .isEqualTo(((Number) o.defaultValue()).doubleValue());
            }
        }
        assertThat(named)
                .contains(
                        SqlExamOptions.STATEMENT_TIMEOUT_MS.key(),
                        SqlExamOptions.GRADE_TIMEOUT_BASE_MS.key(),
                        SqlExamOptions.GRADE_TIMEOUT_GOLD_FACTOR.key(),
                        SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS.key(),
                        SqlExamOptions.ASYNC_TIMEOUT_MS.key());
        for (String page : List.of("grading.md", "migrating.md"))
            assertThat(Files.readString(DOCS.resolve(page)))
                    .as(page + " points to the one account of the time limits")
                    .contains("safety.md#time-limits");
        assertThat(safety).doesNotContain("default 10 s");
    }
}
