package dev.sqlexam.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Properties files the build puts into the jar (versions, commits). */
public final class ClassPathProperties {

    private ClassPathProperties() {}

    /**
     * The properties file {@code name} as {@code owner}'s class loader finds it; empty where there
     * is none or it cannot be read, which its callers report as a value not known.
     */
    public static Properties of(Class<?> owner, String name) {
        Properties p = new Properties();
        try (InputStream in = owner.getClassLoader().getResourceAsStream(name)) {
            if (in != null) p.load(in);
        } catch (IOException unreadable) {
            // a jar whose own resource cannot be read: what it says is unknown, as if it were
            // missing, and the callers say so ("unknown", no version kept)
        }
        return p;
    }
}
