package dev.sqlexam.config;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * A typed option: its config key, environment variable, default and description. Seed feature flags
 * use their seed name as both key and variable. {@code step} is the pipeline step that reads it;
 * {@code inEffect} is false while that step is not built yet; {@code domain} is what values it
 * accepts.
 */
public record Option<T>(
        String key,
        String envVar,
        Class<T> type,
        T defaultValue,
        String description,
        Step step,
        boolean inEffect,
        boolean secret,
        Domain domain)
        implements Serializable {

    public Option {
        if (defaultValue instanceof Number n && !domain.within(n)) {
            throw new IllegalArgumentException(
                    "option " + key + ": its default " + n + " is outside " + domain.range());
        }
    }

    /**
     * The values an option accepts: one of {@code allowed} (a text option's choices; empty: any), a
     * number within [{@code min}, {@code max}] (null: unbounded on that side).
     */
    public record Domain(List<String> allowed, Double min, Double max) implements Serializable {

        public Domain {
            allowed = List.copyOf(allowed);
        }

        boolean within(Number n) {
            double v = n.doubleValue();
            return (min == null || v >= min) && (max == null || v <= max);
        }

        /**
         * The allowed range as the options table and errors show it, e.g. {@code [1, 1024]} or
         * {@code >= 0}; empty when unbounded.
         */
        public String range() {
            if (min == null && max == null) return "";
            if (max == null) return ">= " + shown(min);
            if (min == null) return "<= " + shown(max);
            return "[" + shown(min) + ", " + shown(max) + "]";
        }

        private static String shown(double bound) {
            return bound == Math.rint(bound) && Math.abs(bound) < 1e15
                    ? Long.toString((long) bound)
                    : Double.toString(bound);
        }
    }

    public Option(
            String key,
            String envVar,
            Class<T> type,
            T defaultValue,
            String description,
            Step step,
            boolean inEffect,
            boolean secret,
            List<String> allowed) {
        this(
                key,
                envVar,
                type,
                defaultValue,
                description,
                step,
                inEffect,
                secret,
                new Domain(allowed, null, null));
    }

    /**
     * This option with its number bounded to [{@code min}, {@code max}] (null: no bound on that
     * side).
     */
    public Option<T> bounded(Number min, Number max) {
        return new Option<>(
                key,
                envVar,
                type,
                defaultValue,
                description,
                step,
                inEffect,
                secret,
                new Domain(
                        domain.allowed(),
                        min == null ? null : min.doubleValue(),
                        max == null ? null : max.doubleValue()));
    }

    /**
     * The pipeline step an option acts in; its phase decides what variants that differ in it can
     * share.
     */
    public enum Step {
        JOB(Phase.JOB),
        SCHEDULE(Phase.JOB),
        EXECUTE(Phase.JOB),
        SINKS(Phase.JOB),
        EMBED(Phase.RETRIEVAL),
        ROUTE(Phase.RETRIEVAL),
        RETRIEVE(Phase.RETRIEVAL),
        PROMPT(Phase.GENERATION),
        GENERATE(Phase.GENERATION),
        EVALUATE(Phase.EVALUATION),
        REPAIR(Phase.EVALUATION),
        GRADE(Phase.GRADING),
        REPORT(Phase.REPORT);

        private final Phase phase;

        Step(Phase phase) {
            this.phase = phase;
        }

        /** The name the options table shows. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    T parse(String raw) {
        try {
            return read(raw);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "option " + key + " (" + envVar + "): " + e.getMessage(), e);
        }
    }

    /**
     * The value {@code raw} gives this option, or an exception whose message says what is wrong
     * with it in the user's terms ({@code 'x' is not a whole number}, {@code 0 is outside >= 1}),
     * without naming where it came from.
     */
    public T read(String raw) {
        String text = raw.trim();
        Object value;
        try {
            if (type == Boolean.class) {
                value =
                        switch (text.toLowerCase(Locale.ROOT)) {
                            case "true", "1", "on", "yes" -> true;
                            case "false", "0", "off", "no" -> false;
                            default ->
                                    throw new IllegalArgumentException(
                                            "'" + raw + "' is not true or false");
                        };
            } else if (type == Integer.class) {
                value = Integer.valueOf(text);
            } else if (type == Long.class) {
                value = Long.valueOf(text);
            } else if (type == Double.class) {
                value = Double.valueOf(text);
            } else if (type.isEnum()) {
                value = choice(text);
            } else {
                value = text;
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "'"
                            + raw
                            + "' is not "
                            + (type == Double.class ? "a number" : "a whole number"),
                    e);
        }
        List<String> allowed = domain.allowed();
        if (!allowed.isEmpty() && !allowed.contains(value.toString())) {
            throw new IllegalArgumentException(
                    "'" + raw + "' is not one of " + String.join(", ", allowed));
        }
        if (value instanceof Number n && !domain.within(n)) {
            throw new IllegalArgumentException(raw.trim() + " is outside " + range());
        }
        return type.cast(value);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object choice(String word) {
        Object value = Choices.parse((Class) type, word);
        if (value == null)
            throw new IllegalArgumentException(
                    "'" + word + "' is not one of " + String.join(", ", domain.allowed()));
        return value;
    }

    /** The allowed range as the options table and errors show it ({@link Domain#range}). */
    public String range() {
        return domain.range();
    }

    /**
     * Where in the pipeline the option acts, which decides what variants that differ in it can
     * share: a variant may set any option but a job-wide one; variants equal in every retrieval
     * option share retrieval, equal up to generation share generation as well.
     */
    public enum Phase {
        JOB,
        RETRIEVAL,
        GENERATION,
        EVALUATION,
        GRADING,
        REPORT
    }

    public Phase phase() {
        return step.phase;
    }

    String shownDefault() {
        if (secret) return "(unset)";
        return defaultValue == null ? "(none)" : defaultValue.toString();
    }
}
