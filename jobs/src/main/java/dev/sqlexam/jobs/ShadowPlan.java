package dev.sqlexam.jobs;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.llm.GeneratorSelection;
import dev.sqlexam.llm.Generators;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The watch's shadow evaluation from a variant file, planned as the exam plans a variant: the variant's settings over
 * the command's, its generator resolved and reachable, the databases the input names indexed for its embedding model.
 * The reader given is already as the workers need it. A generator that does not write SQL from the question (gold, replay) is refused: it would only echo the reference.
 */
final class ShadowPlan {

    private static final Set<String> ECHOING = Set.of("gold", "replay");

    private ShadowPlan() {}

    static WatchJob.Shadow of(Settings settings, Path variantFile, double rate, String runId, JdbcUrlTemplate admin, String control,
            ReaderAccess reader, Collection<String> databases, JobShipping shipping, PrintStream out) {
        if (rate <= 0 || rate > 1) throw new IllegalArgumentException("--shadow-rate must be in (0, 1], not " + rate);
        VariantFile variant = VariantFile.read(variantFile);
        Settings own;
        try {
            own = settings.withVariant(variant.options());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("shadow variant " + variant.name() + ": " + e.getMessage(), e);
        }
        Generators generators = GeneratorSelection.resolve(Generators.from(own));
        if (ECHOING.contains(generators.name())) {
            throw new IllegalArgumentException("shadow variant " + variant.name() + ": generator '" + generators.name()
                    + "' does not write SQL from the question; a shadow needs baseline, openai or ollama");
        }
        GeneratorSelection.requireReachable(generators);
        EmbeddingProviders embeddings = WatchRun.embeddings(own);
        new IndexRun(admin, control, embeddings, Home.resolve().resolve("migrations"), out)
                .ensure(databases, own.get(SqlExamOptions.PARALLELISM), "the shadow retrieves nothing there");
        int dimensions;
        try (var provider = embeddings.create()) {
            dimensions = provider.dimensions();
        } catch (Exception e) {
            throw new IllegalStateException("cannot load the embedding model " + embeddings.modelName() + " for the shadow: " + e.getMessage(), e);
        }
        int capacity = own.get(SqlExamOptions.ASYNC_CAPACITY);
        JobResources resources = new JobResources(shipping.url(admin, control), control, shipping.migrations(Home.resolve().resolve("migrations")),
                reader, ConnectionPolicy.from(own),
                capacity, own.get(SqlExamOptions.STATEMENT_TIMEOUT_MS), own.get(SqlExamOptions.ROW_CAP), null, Map.of(embeddings.modelName(), dimensions));
        PipelineConfig config = PipelineConfig.from(variant.name(), variant.description(), own, shipping.generators(generators), resources, false, 0);
        out.printf("[sqlexam] shadow: variant %s, generator %s (%s), on %.0f%% of the events%n", variant.name(), generators.name(),
                generators.reason(), 100 * rate);
        return new WatchJob.Shadow(runId, Variants.single(variant.name(), config), SharingPlan.unshared(List.of(variant.name()), 1), rate);
    }
}
