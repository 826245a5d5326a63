package dev.sqlexam.config;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * A typed option: its config key, environment variable, default and description. Seed feature
 * flags use their seed name as both key and variable. {@code stage} names the pipeline stage that
 * reads it; {@code inEffect} is false while that stage is not built yet.
 */
public record Option<T>(
        String key, String envVar, Class<T> type, T defaultValue, String description, String stage,
        boolean inEffect, boolean secret, List<String> allowed)
        implements Serializable {

    T parse(String raw) {
        String text = raw.trim();
        Object value;
        try {
            if (type == Boolean.class) {
                value = switch (text.toLowerCase(Locale.ROOT)) {
                    case "true", "1", "on", "yes" -> true;
                    case "false", "0", "off", "no" -> false;
                    default -> throw new IllegalArgumentException("expected true or false");
                };
            } else if (type == Integer.class) {
                value = Integer.valueOf(text);
            } else if (type == Long.class) {
                value = Long.valueOf(text);
            } else if (type == Double.class) {
                value = Double.valueOf(text);
            } else {
                value = text;
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + key + " (" + envVar + "): cannot read '" + raw + "' as "
                    + type.getSimpleName().toLowerCase(Locale.ROOT) + ": " + e.getMessage(), e);
        }
        if (!allowed.isEmpty() && !allowed.contains(value.toString())) {
            throw new IllegalArgumentException("option " + key + " (" + envVar + "): '" + raw + "' is not one of " + allowed);
        }
        return type.cast(value);
    }

    /**
     * Where in the pipeline the option acts, which decides what variants that differ in it can share: a variant may set any
     * option but a job-wide one; variants equal in every retrieval option share retrieval, equal up to generation share
     * generation as well.
     */
    public enum Phase { JOB, RETRIEVAL, GENERATION, EVALUATION, GRADING, REPORT }

    public Phase phase() {
        return switch (stage) {
            case "embed", "route", "retrieve" -> Phase.RETRIEVAL;
            case "prompt", "generate" -> Phase.GENERATION;
            case "evaluate", "repair" -> Phase.EVALUATION;
            case "grade" -> Phase.GRADING;
            case "report" -> Phase.REPORT;
            default -> Phase.JOB;
        };
    }

    String shownDefault() {
        if (secret) return "(unset)";
        return defaultValue == null ? "(none)" : defaultValue.toString();
    }
}
