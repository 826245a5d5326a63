package dev.sqlexam.suite.independent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts per schema and kind, and the table the integration test prints. */
final class Tally {

    /**
     * One row: wrong predictions that agree on the exam database, caught, caught with evidence that
     * replays on the real schema, caught with evidence that replays only with foreign keys off
     * (parent rows missing from it); controls, graded wrong.
     */
    static final class Row {
        int wrong;
        int caught;
        int replayed;
        int replayedWithoutKeys;
        int controls;
        int controlsWrong;
    }

    private final String title;
    private final Map<String, Map<String, Row>> rows = new TreeMap<>();
    final List<String> missed = new ArrayList<>();
    final List<String> notReplayed = new ArrayList<>();
    final List<String> controlsGradedWrong = new ArrayList<>();
    final List<String> notChecked = new ArrayList<>();
    final Map<String, Integer> replayFailures = new TreeMap<>();

    Tally(String title) {
        this.title = title;
    }

    Row row(String schema, String kind) {
        return rows.computeIfAbsent(schema, k -> new TreeMap<>())
                .computeIfAbsent(kind, k -> new Row());
    }

    Row total() {
        Row t = new Row();
        rows.values().forEach(m -> m.values().forEach(r -> add(t, r)));
        return t;
    }

    private static void add(Row to, Row r) {
        to.wrong += r.wrong;
        to.caught += r.caught;
        to.replayed += r.replayed;
        to.replayedWithoutKeys += r.replayedWithoutKeys;
        to.controls += r.controls;
        to.controlsWrong += r.controlsWrong;
    }

    String table() {
        StringBuilder out = new StringBuilder("[indep] " + title + "\n");
        String format = "[indep] %-8s %-34s %6s %7s %9s %9s %9s %13s%n";
        out.append(
                String.format(
                        format,
                        "schema",
                        "kind",
                        "wrong",
                        "caught",
                        "replayed",
                        "w/o FKs",
                        "controls",
                        "graded wrong"));
        for (var s : rows.entrySet()) {
            Row schemaTotal = new Row();
            for (var k : s.getValue().entrySet()) {
                Row r = k.getValue();
                add(schemaTotal, r);
                out.append(
                        String.format(
                                format,
                                s.getKey(),
                                k.getKey(),
                                r.wrong,
                                r.caught,
                                r.replayed,
                                r.replayedWithoutKeys,
                                r.controls,
                                r.controlsWrong));
            }
            out.append(
                    String.format(
                            format,
                            s.getKey(),
                            "= all kinds",
                            schemaTotal.wrong,
                            schemaTotal.caught,
                            schemaTotal.replayed,
                            schemaTotal.replayedWithoutKeys,
                            schemaTotal.controls,
                            schemaTotal.controlsWrong));
        }
        Row t = total();
        out.append(
                String.format(
                        format,
                        "ALL",
                        "",
                        t.wrong,
                        t.caught,
                        t.replayed,
                        t.replayedWithoutKeys,
                        t.controls,
                        t.controlsWrong));
        out.append(
                String.format(
                        "[indep] caught %d of %d wrong predictions that agree on the exam database (%.1f%%), %d with evidence that replays"
                                + " on the real schema (%d more only with foreign keys off); controls graded wrong: %d of %d%n",
                        t.caught,
                        t.wrong,
                        100.0 * t.caught / Math.max(1, t.wrong),
                        t.replayed,
                        t.replayedWithoutKeys,
                        t.controlsWrong,
                        t.controls));
        replayFailures.forEach(
                (why, n) ->
                        out.append(
                                String.format(
                                        "[indep]   evidence that does not replay: %3d %s%n",
                                        n, why)));
        missed.forEach(m -> out.append("[indep]   missed ").append(oneLine(m)).append('\n'));
        notReplayed.forEach(
                m ->
                        out.append("[indep]   evidence does not replay: ")
                                .append(oneLine(m))
                                .append('\n'));
        controlsGradedWrong.forEach(
                m ->
                        out.append("[indep]   control graded wrong: ")
                                .append(oneLine(m))
                                .append('\n'));
        notChecked.forEach(
                m -> out.append("[indep]   not checked: ").append(oneLine(m)).append('\n'));
        return out.toString();
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ");
    }
}
