package dev.sqlexam.watch;

import dev.sqlexam.model.Alert;
import dev.sqlexam.model.WindowRow;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One console line per app window row and per alert, as {@code watch} prints them while it follows
 * a source.
 */
public final class ConsoleLines {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private ConsoleLines() {}

    public static String of(WindowRow r) {
        String states =
                r.topSqlstates().stream()
                        .limit(3)
                        .map(s -> s.sqlstate() + "×" + s.count())
                        .collect(Collectors.joining(" "));
        return String.format(
                Locale.ROOT,
                "window  %s  %-24s %5d events  errors %5.1f%%  empty %5.1f%%  p50 %s  p95 %s  EX %s  recall %s%s%s",
                TIME.format(Instant.ofEpochMilli(r.windowStartMs())),
                r.key(),
                r.events(),
                100 * r.errorRate(),
                100 * r.emptyResultRate(),
                millis(r.latencyP50Ms()),
                millis(r.latencyP95Ms()),
                r.executionAccuracy() == null
                        ? "-"
                        : String.format(
                                Locale.ROOT,
                                "%.0f%% of %d",
                                100 * r.executionAccuracy(),
                                r.graded()),
                r.retrievalRecall() == null
                        ? "-"
                        : String.format(Locale.ROOT, "%.0f%%", 100 * r.retrievalRecall()),
                r.shadowAgreement() == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "  shadow %.0f%% of %d",
                                100 * r.shadowAgreement(),
                                r.shadowCompared()),
                states.isEmpty() ? "" : "  " + states);
    }

    public static String of(Alert a) {
        return "ALERT   "
                + TIME.format(Instant.ofEpochMilli(a.windowStartMs()))
                + "  "
                + a.message();
    }

    private static String millis(Double ms) {
        return ms == null ? "-" : String.format(Locale.ROOT, "%.0f ms", ms);
    }
}
