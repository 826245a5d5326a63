package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.runtime.JobShipping;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run is, before anything is set up: its mode, the command's settings, its variants (as
 * their files or the defaults give them; grade and regrade name the files they grade), the
 * databases it names, where its golds come from, the time limit each prediction gets from its
 * gold's time (null: the settings' fixed limit), and how the workers get what the client holds.
 * {@link RunComposer} turns it into a {@link ComposedRun}; use cases differ in their plan, not in
 * their setup.
 */
public record RunPlan(
        RunMode mode,
        Settings settings,
        List<RunManifest.Variant> variants,
        Set<String> databases,
        Golds golds,
        AdaptiveTimeout adaptiveTimeout,
        JobShipping shipping) {

    public RunPlan {
        if (variants.isEmpty())
            throw new IllegalArgumentException("a run needs at least one variant");
        variants = List.copyOf(variants);
        databases = Collections.unmodifiableSortedSet(new TreeSet<>(databases));
    }

    /** A plan for {@code mode} with the defaults: no adaptive time limit, the in-process job. */
    public static RunPlan of(
            RunMode mode,
            Settings settings,
            List<RunManifest.Variant> variants,
            Set<String> databases,
            Golds golds) {
        return new RunPlan(mode, settings, variants, databases, golds, null, JobShipping.LOCAL);
    }

    /**
     * A plan over an exam set file: the databases its lines name (none while it is missing: the
     * driver then says it is not found) and its golds.
     */
    public static RunPlan ofExamSet(
            RunMode mode, Settings settings, List<RunManifest.Variant> variants, Path examSet)
            throws IOException {
        Set<String> databases =
                Files.isRegularFile(examSet) ? ExamSetFiles.databasesIn(examSet) : Set.of();
        return of(mode, settings, variants, databases, Golds.examSet(examSet));
    }

    public RunPlan withAdaptiveTimeout(AdaptiveTimeout timeout) {
        return new RunPlan(mode, settings, variants, databases, golds, timeout, shipping);
    }

    public RunPlan shippedAs(JobShipping how) {
        return new RunPlan(mode, settings, variants, databases, golds, adaptiveTimeout, how);
    }
}
