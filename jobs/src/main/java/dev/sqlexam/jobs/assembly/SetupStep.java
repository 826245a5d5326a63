package dev.sqlexam.jobs.assembly;

/**
 * One step of a run's setup. {@link RunComposer} runs its steps in one fixed order for every mode;
 * a step that does not apply to a plan is skipped by its own rule, stated here, never by the use
 * case.
 */
public interface SetupStep {

    /** The step's name in the run's notes and in {@link ComposedRun#stepsRun()}. */
    String name();

    /** Whether the step runs for {@code run}'s plan (and what the steps before it found). */
    boolean appliesTo(ComposedRun run);

    /** Does the step's work; returns {@code run} with what it found. */
    ComposedRun apply(ComposedRun run) throws Exception;
}
