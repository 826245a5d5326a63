package dev.sqlexam.watch;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules of an alert file (docs/formats.md, alert rules), read from its JSON tree; how far back
 * the baselines reach.
 */
public record AlertRules(List<AlertRule> rules) implements Serializable {

    private static final Set<String> FIELDS =
            Set.of(
                    "name",
                    "metric",
                    "keys",
                    "above",
                    "below",
                    "drift",
                    "baseline",
                    "min_baseline_windows",
                    "min_events",
                    "min_delta",
                    "max_p_value");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");

    public AlertRules {
        rules = List.copyOf(rules);
        Set<String> names = new LinkedHashSet<>();
        for (AlertRule r : rules)
            if (!names.add(r.name()))
                throw new IllegalArgumentException("two alert rules are named '" + r.name() + "'");
    }

    public static AlertRules none() {
        return new AlertRules(List.of());
    }

    /** How long a key's earlier windows must be kept for the drift rules. */
    public long longestBaselineMs() {
        return rules.stream()
                .filter(AlertRule::isDrift)
                .mapToLong(rule -> rule.drift().baselineMs())
                .max()
                .orElse(0);
    }

    public static AlertRules from(JsonNode tree, String where) {
        JsonNode list = tree == null ? null : tree.get("rules");
        if (list == null || !list.isArray())
            throw new IllegalArgumentException(where + ": expected a 'rules:' list");
        List<AlertRule> rules = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode n = list.get(i);
            String at = where + ", rule " + (i + 1);
            n.fieldNames()
                    .forEachRemaining(
                            f -> {
                                if (!FIELDS.contains(f))
                                    throw new IllegalArgumentException(
                                            at
                                                    + ": unknown field '"
                                                    + f
                                                    + "'; known: "
                                                    + String.join(", ", FIELDS));
                            });
            Set<String> keys = new LinkedHashSet<>();
            if (n.has("keys")) n.get("keys").forEach(k -> keys.add(k.asText()));
            for (String k : keys) {
                if (!Set.of("app", "app_db", "app_prompt").contains(k))
                    throw new IllegalArgumentException(
                            at + ": unknown key kind '" + k + "'; known: app, app_db, app_prompt");
            }
            try {
                String name = text(n, "name");
                String metric = text(n, "metric");
                Double above = number(n, "above");
                Double below = number(n, "below");
                Double factor = number(n, "drift");
                long baselineMs = n.has("baseline") ? durationMs(n.get("baseline").asText()) : 0;
                int minBaselineWindows = n.path("min_baseline_windows").asInt(3);
                long minEvents = n.path("min_events").asLong(1);
                double minDelta = n.path("min_delta").asDouble(0);
                Double maxPValue = number(n, "max_p_value");
                AlertRule rule =
                        new AlertRule(
                                name,
                                metric,
                                keys,
                                above,
                                below,
                                factor == null
                                        ? null
                                        : new AlertRule.Drift(
                                                factor,
                                                baselineMs,
                                                minBaselineWindows,
                                                minDelta,
                                                maxPValue),
                                minEvents);
                if (factor == null && maxPValue != null)
                    throw AlertRule.notSignificanceRule(rule.name());
                rules.add(rule);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
            }
        }
        return new AlertRules(rules);
    }

    /**
     * {@code 500ms}, {@code 30s}, {@code 15m}, {@code 1h}, {@code 2d}; a bare number is
     * milliseconds.
     */
    public static long durationMs(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches())
            throw new IllegalArgumentException(
                    "not a duration: '" + text + "' (e.g. 90s, 15m, 1h)");
        double v = Double.parseDouble(m.group(1));
        long unit =
                switch (m.group(2) == null ? "ms" : m.group(2)) {
                    case "s" -> 1_000L;
                    case "m" -> 60_000L;
                    case "h" -> 3_600_000L;
                    case "d" -> 86_400_000L;
                    default -> 1L;
                };
        return Math.round(v * unit);
    }

    private static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }

    private static Double number(JsonNode n, String field) {
        if (!n.hasNonNull(field)) return null;
        if (!n.get(field).isNumber())
            throw new IllegalArgumentException(
                    "'" + field + "' must be a number, not " + n.get(field));
        return n.get(field).asDouble();
    }
}
