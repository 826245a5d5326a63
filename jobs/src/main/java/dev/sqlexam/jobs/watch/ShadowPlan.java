package dev.sqlexam.jobs.watch;

import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Golds;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.graph.WatchJob;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The watch's shadow evaluation from a variant file, composed as an exam's variant is (mode {@link
 * RunMode#SHADOW}): the variant's settings over the command's, its generator resolved and reachable
 * (one that echoes the reference, gold or replay, is refused), the pre-flight of who reads, and the
 * databases the input names indexed for its embedding model.
 */
final class ShadowPlan {

    private ShadowPlan() {}

    static WatchJob.Shadow of(
            RunComposer composer,
            Settings settings,
            Path variantFile,
            double rate,
            String runId,
            Collection<String> databases,
            JobShipping shipping,
            PrintStream out)
            throws Exception {
        if (rate <= 0 || rate > 1)
            throw new IllegalArgumentException("--shadow-rate must be in (0, 1], not " + rate);
        RunDefinition plan =
                RunDefinition.of(
                                RunMode.SHADOW,
                                settings,
                                List.of(Variant.read(variantFile)),
                                Set.copyOf(databases),
                                Golds.none())
                        .shippedAs(shipping);
        ComposedRun run = composer.compose(plan, out);
        ResolvedVariant variant = run.variants().get(0);
        out.printf(
                "[sqlexam] shadow: variant %s, generator %s (%s), on %.0f%% of the events%n",
                variant.name(),
                variant.generators().name(),
                variant.generators().reason(),
                100 * rate);
        return new WatchJob.Shadow(
                runId,
                Variants.single(variant.name(), run.configs().reference()),
                SharingPlan.unshared(List.of(variant.name()), 1),
                rate);
    }
}
