package dev.sqlexam.jobs.watch;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.assembly.PipelineAssembly;
import dev.sqlexam.jobs.graph.WatchJob;
import dev.sqlexam.jobs.run.VariantFile;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The watch's shadow evaluation from a variant file, planned as the exam plans a variant: the
 * variant's settings over the command's, its generator resolved and reachable, the databases the
 * input names indexed for its embedding model. A generator that does not write SQL from the
 * question (gold, replay) is refused: it would only echo the reference.
 */
final class ShadowPlan {

    private ShadowPlan() {}

    /**
     * {@code assembly}: the watch's, in shadow mode (it refuses a generator that echoes the
     * reference).
     */
    static WatchJob.Shadow of(
            PipelineAssembly assembly,
            Settings settings,
            Path variantFile,
            double rate,
            String runId,
            ReaderAccess reader,
            Collection<String> databases,
            JobShipping shipping,
            PrintStream out) {
        if (rate <= 0 || rate > 1)
            throw new IllegalArgumentException("--shadow-rate must be in (0, 1], not " + rate);
        PipelineAssembly.Variant variant =
                assembly.variant(settings, VariantFile.read(variantFile).asVariant());
        Settings own = variant.settings();
        EmbeddingProviders embeddings = EmbeddingProviders.from(own);
        int dimensions =
                assembly.index(
                        embeddings,
                        databases,
                        own.get(SqlExamOptions.PARALLELISM),
                        "the shadow retrieves nothing there");
        JobResources resources =
                assembly.resources(
                        shipping,
                        reader,
                        ConnectionPolicy.from(own),
                        own,
                        null,
                        Map.of(embeddings.modelName(), dimensions));
        PipelineConfig config = assembly.config(variant, resources, shipping);
        out.printf(
                "[sqlexam] shadow: variant %s, generator %s (%s), on %.0f%% of the events%n",
                variant.name(),
                variant.generators().name(),
                variant.generators().reason(),
                100 * rate);
        return new WatchJob.Shadow(
                runId,
                Variants.single(variant.name(), config),
                SharingPlan.unshared(List.of(variant.name()), 1),
                rate);
    }
}
