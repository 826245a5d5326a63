package dev.sqlexam.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The throughput bench's table: each figure beside its floor (measured in the same sitting), the
 * ratio, the target and whether it is met.
 */
public final class ThroughputReport {

    /** How a figure compares with its target. */
    public enum Verdict {
        MET("met"),
        NOT_MET("NOT MET"),
        NONE("");

        final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /**
     * A row: what, the figure, its floor, figure ÷ floor (or floor ÷ figure for times), the target,
     * the verdict, what limits it.
     */
    public record Row(
            String what,
            String figure,
            String floor,
            String ratio,
            String target,
            Verdict verdict,
            String limit) {}

    private final List<String[]> floors = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();
    private final List<String> sections = new ArrayList<>();

    public void floor(String what, String figure) {
        floors.add(new String[] {what, figure});
    }

    public void row(Row row) {
        rows.add(row);
    }

    /** A further table or note printed after the main one, as written. */
    public void section(String text) {
        sections.add(text);
    }

    public static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** A rate's verdict: at least {@code target}. */
    public static Verdict atLeast(double figure, double target) {
        return figure >= target ? Verdict.MET : Verdict.NOT_MET;
    }

    /** A time's or size's verdict: at most {@code target}. */
    public static Verdict atMost(double figure, double target) {
        return figure <= target ? Verdict.MET : Verdict.NOT_MET;
    }

    public void print(PrintStream out) {
        out.println("floors (measured in this run)");
        for (String[] f : floors) out.printf("  %-62s %s%n", f[0], f[1]);
        out.println();
        String header =
                f(
                        "%-46s | %-24s | %-30s | %-8s | %-16s | %s",
                        "run", "figure", "floor", "ratio", "target", "verdict");
        out.println(header);
        out.println("-".repeat(header.length() + 2));
        for (Row r : rows) {
            out.println(
                    f(
                            "%-46s | %-24s | %-30s | %-8s | %-16s | %s",
                            r.what(),
                            r.figure(),
                            r.floor(),
                            r.ratio(),
                            r.target(),
                            r.verdict().text));
        }
        List<Row> limited =
                rows.stream().filter(r -> r.limit() != null && !r.limit().isBlank()).toList();
        if (!limited.isEmpty()) {
            out.println();
            out.println("what limits each figure (from its profile)");
            for (Row r : limited) out.println("  " + r.what() + ": " + r.limit());
        }
        for (String s : sections) {
            out.println();
            out.print(s);
        }
    }
}
