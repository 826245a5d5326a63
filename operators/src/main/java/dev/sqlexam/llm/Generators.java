package dev.sqlexam.llm;

import java.util.List;

/** Builds the generator a run asked for by name. */
public final class Generators {

    public static final List<String> NAMES = List.of(GoldGenerator.NAME);

    private Generators() {}

    public static SqlGenerator create(String name) {
        if (GoldGenerator.NAME.equals(name)) return new GoldGenerator();
        throw new IllegalArgumentException("unknown generator '" + name + "'; available: " + NAMES);
    }
}
