package dev.sqlexam.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A column's headline metrics as fractions (a predictions file's in a grade, a variant's in an
 * exam), the thresholds a CI gate holds them to ({@code --fail-under METRIC=VALUE}), and one JSON
 * result line per column ({@code --json}).
 */
public final class ResultGate {

    /** The metrics a threshold may name, with what each is (docs/outputs.md lists them). */
    public static final Map<String, String> METRICS = metrics();

    private static final Map<String, String> ALIASES =
            Map.of("strict_ex", "ex", "accuracy", "ex", "soft-f1", "soft_f1");

    private ResultGate() {}

    /** Every name a threshold may use: the metrics and their other spellings. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(METRICS.keySet());
        names.addAll(new java.util.TreeSet<>(ALIASES.keySet()));
        return names;
    }

    private static Map<String, String> metrics() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("ex", "strict execution accuracy (after the test suite, when one ran)");
        m.put("lenient_ex", "lenient execution accuracy (column order and extra columns forgiven)");
        m.put("non_empty_ex", "strict EX counting a match of two empty results as wrong");
        m.put("bird_ex", "BIRD's rule: the rows compared as sets");
        m.put("soft_f1", "BIRD mini-dev's Soft-F1 (where scored)");
        m.put("spider_ex", "Spider's official rule (Spider exam sets)");
        m.put("spider_ts", "Spider's test-suite figure (with --test-suite-dir)");
        m.put("exam_db_ex", "strict EX on the exam databases alone, before the test suite");
        return Collections.unmodifiableMap(m);
    }

    /** {@code METRIC=VALUE}: a fraction ({@code 0.8}) or a percentage ({@code 80%}). */
    public record Threshold(String metric, double value) {

        public static Threshold parse(String given) {
            int eq = given.indexOf('=');
            if (eq <= 0)
                throw new IllegalArgumentException(
                        "--fail-under takes METRIC=VALUE (e.g. ex=0.8), not '" + given + "'");
            String name = given.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String metric = ALIASES.getOrDefault(name, name);
            if (!METRICS.containsKey(metric))
                throw new IllegalArgumentException(
                        "--fail-under: no metric '"
                                + name
                                + "' (one of "
                                + String.join(", ", names())
                                + ")");
            String raw = given.substring(eq + 1).trim();
            boolean percent = raw.endsWith("%");
            double value;
            try {
                value =
                        Double.parseDouble(percent ? raw.substring(0, raw.length() - 1) : raw)
                                / (percent ? 100 : 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "--fail-under " + metric + ": '" + raw + "' is not a number", e);
            }
            if (value < 0 || value > 1)
                throw new IllegalArgumentException(
                        "--fail-under "
                                + metric
                                + ": "
                                + raw
                                + " is not a fraction in [0, 1] (or a percentage: 80%)");
            return new Threshold(metric, value);
        }
    }

    /** A threshold a column did not meet: its value (null: the run did not measure it). */
    public record Shortfall(String metric, Double value, double threshold) {

        public String describe() {
            return value == null
                    ? metric
                            + " was not measured by this run (threshold "
                            + percent(threshold)
                            + ")"
                    : metric + " " + percent(value) + " is under " + percent(threshold);
        }
    }

    /** The headline metrics {@code column} measured, as fractions, in {@link #METRICS}' order. */
    public static Map<String, Double> metrics(ExamSummary.VariantSummary column) {
        Counts c = column.overall();
        Map<String, Double> m = new LinkedHashMap<>();
        if (c.getGradable() > 0) {
            m.put("ex", c.getAccuracy());
            m.put("lenient_ex", c.getLenientAccuracy());
            m.put("non_empty_ex", c.getNonEmptyAccuracy());
            m.put("bird_ex", c.getBirdAccuracy());
        }
        putIfMeasured(m, "soft_f1", c.getSoftF1());
        putIfMeasured(m, "spider_ex", c.getSpiderAccuracy());
        putIfMeasured(m, "spider_ts", c.getSpiderTsAccuracy());
        putIfMeasured(m, "exam_db_ex", c.getExamDbAccuracy());
        return m;
    }

    private static void putIfMeasured(Map<String, Double> m, String name, Double value) {
        if (value != null) m.put(name, value);
    }

    /** The thresholds {@code column} fell under, in the order given. */
    public static List<Shortfall> shortfalls(
            ExamSummary.VariantSummary column, List<Threshold> thresholds) {
        Map<String, Double> measured = metrics(column);
        List<Shortfall> out = new ArrayList<>();
        for (Threshold t : thresholds) {
            Double value = measured.get(t.metric());
            if (value == null || value < t.value())
                out.add(new Shortfall(t.metric(), value, t.value()));
        }
        return out;
    }

    /**
     * The JSON result line of {@code column}: the run, the column, its questions, its metrics, the
     * standard error of EX and a 95% interval from it, and the gate's verdict when thresholds are
     * given.
     */
    public static Map<String, Object> resultLine(
            String runId,
            String runDir,
            ExamSummary.VariantSummary column,
            List<Threshold> thresholds) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("run_id", runId);
        line.put("run_dir", runDir);
        line.put("column", column.variant());
        line.put("description", column.description());
        line.put("questions", column.overall().getGradable());
        Map<String, Double> metrics = metrics(column);
        line.put("metrics", metrics);
        QuestionOutcomes.PerQuestion pq = column.perQuestion();
        if (pq != null && metrics.containsKey("ex")) {
            double se =
                    pq.clusteredStandardError() != null
                            ? pq.clusteredStandardError()
                            : pq.standardError();
            line.put("ex_standard_error", pq.standardError());
            line.put("ex_clustered_standard_error", pq.clusteredStandardError());
            double ex = metrics.get("ex");
            line.put("ex_ci95", List.of(Math.max(0, ex - 1.96 * se), Math.min(1, ex + 1.96 * se)));
        }
        if (!thresholds.isEmpty()) {
            List<Shortfall> under = shortfalls(column, thresholds);
            Map<String, Object> gate = new LinkedHashMap<>();
            gate.put("passed", under.isEmpty());
            gate.put(
                    "under",
                    under.stream()
                            .map(
                                    s -> {
                                        Map<String, Object> u = new LinkedHashMap<>();
                                        u.put("metric", s.metric());
                                        u.put("value", s.value());
                                        u.put("threshold", s.threshold());
                                        return u;
                                    })
                            .toList());
            line.put("gate", gate);
        }
        return line;
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
