package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamTask;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One value per variant of a job (a stage's options, a generator), looked up by the variant a task
 * carries: an operator reads the options of the task's own variant, never a job-wide setting. The
 * first variant is the reference.
 */
public final class Variants<T extends Serializable> implements Serializable {

    private final LinkedHashMap<String, T> byName;

    private Variants(Map<String, T> byName) {
        if (byName.isEmpty())
            throw new IllegalArgumentException("a job needs at least one variant");
        this.byName = new LinkedHashMap<>(byName);
    }

    public static <T extends Serializable> Variants<T> of(Map<String, T> byName) {
        return new Variants<>(byName);
    }

    /** A job of one variant. */
    public static <T extends Serializable> Variants<T> single(String name, T value) {
        return new Variants<>(Map.of(name, value));
    }

    public T of(ExamTask task) {
        return get(task.variant());
    }

    public T get(String variant) {
        T value = byName.get(variant);
        if (value == null)
            throw new IllegalStateException(
                    "no configuration for variant '"
                            + variant
                            + "' (this job has "
                            + names()
                            + ")");
        return value;
    }

    public List<String> names() {
        return new ArrayList<>(byName.keySet());
    }

    public Collection<T> values() {
        return byName.values();
    }

    public T reference() {
        return byName.values().iterator().next();
    }

    public boolean any(Predicate<T> test) {
        return byName.values().stream().anyMatch(test);
    }

    public <R extends Serializable> Variants<R> map(Function<T, R> f) {
        Map<String, R> out = new LinkedHashMap<>();
        byName.forEach((k, v) -> out.put(k, f.apply(v)));
        return new Variants<>(out);
    }
}
