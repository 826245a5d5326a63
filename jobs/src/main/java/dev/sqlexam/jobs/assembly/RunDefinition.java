package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.pipeline.Answers;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run as its command defines it, once, before anything is set up: its mode, the command's
 * settings, the exam set read once (null: questions come one by one, as ask's and the shadow's),
 * its variants (grade and regrade name the files they grade), the databases it names, where its
 * golds come from, where its answers come from, its limits, and how the workers get what the client
 * holds. {@link RunComposer} turns it into a {@link ComposedRun}; modes differ in their definition,
 * not in their setup.
 */
public record RunDefinition(
        RunMode mode,
        Settings settings,
        ExamSetContent examSet,
        List<Variant> variants,
        Set<String> databases,
        Golds golds,
        Answers answers,
        Limits limits,
        JobShipping shipping) {

    /**
     * How many times each question is asked, how long an asynchronous stage may take, and the time
     * limit each prediction gets from its gold's time (null: the settings' fixed limit).
     */
    public record Limits(int repetitions, long asyncTimeoutMs, AdaptiveTimeout adaptiveTimeout) {

        /** The settings' repetitions and async limit. */
        public static Limits of(Settings settings) {
            return new Limits(
                    settings.get(SqlExamOptions.RUNS),
                    settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS),
                    null);
        }

        /**
         * Submitted SQL graded {@code repetitions} times: no generation to wait for, so the async
         * limit is at least ten minutes.
         */
        public static Limits grading(
                Settings settings, int repetitions, AdaptiveTimeout adaptiveTimeout) {
            return new Limits(
                    repetitions,
                    Math.max(settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS), 600_000L),
                    adaptiveTimeout);
        }
    }

    public RunDefinition {
        if (variants.isEmpty())
            throw new IllegalArgumentException("a run needs at least one variant");
        variants = List.copyOf(variants);
        databases = Collections.unmodifiableSortedSet(new TreeSet<>(databases));
    }

    /**
     * A run without an exam set (ask, the shadow): the pipeline answers, with the settings' limits,
     * in-process.
     */
    public static RunDefinition of(
            RunMode mode,
            Settings settings,
            List<Variant> variants,
            Set<String> databases,
            Golds golds) {
        return new RunDefinition(
                mode,
                settings,
                null,
                variants,
                databases,
                golds,
                Answers.fromPipeline(),
                Limits.of(settings),
                JobShipping.LOCAL);
    }

    /** A run over an exam set read once: the databases its lines name, its golds. */
    public static RunDefinition ofExamSet(
            RunMode mode,
            Settings settings,
            List<Variant> variants,
            ExamSetContent examSet,
            Answers answers,
            Limits limits) {
        return new RunDefinition(
                mode,
                settings,
                examSet,
                variants,
                examSet.databasesNamed(),
                Golds.examSet(examSet),
                answers,
                limits,
                JobShipping.LOCAL);
    }

    public RunDefinition shippedAs(JobShipping how) {
        return new RunDefinition(
                mode, settings, examSet, variants, databases, golds, answers, limits, how);
    }
}
