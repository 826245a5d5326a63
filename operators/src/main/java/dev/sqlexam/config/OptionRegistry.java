package dev.sqlexam.config;

import java.lang.StackWalker.StackFrame;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the options of {@link SqlExamOptions}' parts register, each under the part that declares
 * it, so that the registry lists them in the parts' order whichever part a program touched first.
 */
final class OptionRegistry {

    private static final Map<Class<?>, List<Option<?>>> BY_PART = new LinkedHashMap<>();

    private OptionRegistry() {}

    /** The options of {@code parts}, in their order, each part's in its declaration order. */
    static List<Option<?>> of(List<Class<?>> parts) {
        // parts initialize outside the lock: a part's initializer takes it to register
        for (Class<?> part : parts) initialize(part);
        List<Option<?>> all = new ArrayList<>();
        synchronized (BY_PART) {
            for (Class<?> part : parts) all.addAll(BY_PART.getOrDefault(part, List.of()));
        }
        return List.copyOf(all);
    }

    static <T> Option<T> own(
            String key, String env, Class<T> type, T def, String description, Option.Step step) {
        return register(
                new Option<>(key, env, type, def, description, step, true, false, List.of()));
    }

    /** A seed flag: present under its seed name; in effect once its step is built. */
    static <T> Option<T> seed(
            String name, Class<T> type, T def, String description, Option.Step step) {
        return register(
                new Option<>(name, name, type, def, description, step, false, false, List.of()));
    }

    /** A seed flag whose step is built. */
    static <T> Option<T> seedInEffect(
            String name, Class<T> type, T def, String description, Option.Step step) {
        return register(
                new Option<>(name, name, type, def, description, step, true, false, List.of()));
    }

    /**
     * Bounds a registered option's number to [{@code min}, {@code max}] (null: no bound on that
     * side), checked when parsed.
     */
    static <T> Option<T> bounded(Option<T> registered, Number min, Number max) {
        Option<T> bounded = registered.bounded(min, max);
        synchronized (BY_PART) {
            for (List<Option<?>> options : BY_PART.values()) {
                int at = options.indexOf(registered);
                if (at >= 0) options.set(at, bounded);
            }
        }
        return bounded;
    }

    static <T> Option<T> register(Option<T> option) {
        Class<?> part = declaringPart();
        synchronized (BY_PART) {
            BY_PART.computeIfAbsent(part, p -> new ArrayList<>()).add(option);
        }
        return option;
    }

    /** The part whose constant is being initialized: the first caller outside this class. */
    private static Class<?> declaringPart() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(
                        frames ->
                                frames.map(StackFrame::getDeclaringClass)
                                        .filter(c -> c != OptionRegistry.class)
                                        .findFirst()
                                        .orElseThrow());
    }

    private static void initialize(Class<?> part) {
        try {
            Class.forName(part.getName(), true, part.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("option part " + part.getName() + " is missing", e);
        }
    }
}
