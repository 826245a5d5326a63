package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.llm.GeneratorSelection;
import dev.sqlexam.llm.Generators;

import java.util.Map;
import java.util.Set;

/** A variant file's options made into a variant ready to run, and an embedding model's size. */
public final class RunVariants {

    private static final Set<String> ECHOING = Set.of("gold", "replay");

    private RunVariants() {}

    /**
     * {@code variant}'s options over {@code base}, its generator resolved ({@code auto} probed) and
     * reachable; a shadow refuses a generator that echoes the reference.
     */
    static ResolvedVariant resolve(RunMode mode, Settings base, Variant variant) {
        return resolve(mode, base, variant, false);
    }

    /**
     * As {@link #resolve(RunMode, Settings, Variant)}; {@code onSqlite}: some questions are on
     * SQLite files, where only generators that echo a given SQL run for now.
     */
    static ResolvedVariant resolve(RunMode mode, Settings base, Variant variant, boolean onSqlite) {
        String label = mode.variantLabel(variant.name());
        Settings own;
        try {
            own = variant.options().isEmpty() ? base : base.withVariant(variant.options());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
        }
        Generators generators = GeneratorSelection.resolve(Generators.from(own));
        if (mode.refusesEchoingGenerators() && ECHOING.contains(generators.name())) {
            throw new IllegalArgumentException(
                    label
                            + ": generator '"
                            + generators.name()
                            + "' does not write SQL from the question; a shadow needs baseline,"
                            + " openai or ollama");
        }
        if (onSqlite && !ECHOING.contains(generators.name()))
            throw new IllegalArgumentException(
                    label
                            + ": the exam set's questions are on SQLite files, and the pipeline"
                            + " (retrieval, prompts, EXPLAIN, repair) runs on PostgreSQL for now."
                            + " Import the benchmark with --into-postgres to run generator '"
                            + generators.name()
                            + "' on a PostgreSQL copy; on the SQLite files, grade a predictions"
                            + " file (./sqlexam grade) or run --generator gold|replay");
        GeneratorSelection.requireReachable(generators);
        return new ResolvedVariant(variant, own, generators);
    }

    /** A variant whose SQL was written before the run (a predictions file, a logged run). */
    static ResolvedVariant submitted(Settings base, Variant variant) {
        return new ResolvedVariant(
                new Variant(variant.name(), variant.description(), Map.of()),
                base,
                Generators.gold());
    }

    /**
     * The vector size of {@code embeddings}' model, loading it; {@code remedy} is appended to the
     * error when it cannot load.
     */
    public static int dimensions(EmbeddingProviders embeddings, String remedy) {
        try (var provider = embeddings.create()) {
            return provider.dimensions();
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "cannot load the embedding model "
                            + embeddings.modelName()
                            + ": "
                            + e.getMessage()
                            + remedy,
                    e);
        }
    }
}
