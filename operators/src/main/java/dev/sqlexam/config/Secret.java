package dev.sqlexam.config;

import java.io.Serializable;

/**
 * A credential resolved on the client (an API key from the variable the settings name) that travels
 * with the job to its workers, whose environment need not hold it. Never printed.
 */
public record Secret(String value) implements Serializable {

    public static final Secret NONE = new Secret(null);

    /**
     * The value of environment variable {@code name} (none when the name or the variable is unset
     * or blank).
     */
    public static Secret fromEnvironment(String name) {
        if (name == null || name.isBlank()) return NONE;
        String v = System.getenv(name);
        return v == null || v.isBlank() ? NONE : new Secret(v);
    }

    public boolean present() {
        return value != null && !value.isBlank();
    }

    @Override
    public String toString() {
        return present() ? "***" : "(none)";
    }
}
