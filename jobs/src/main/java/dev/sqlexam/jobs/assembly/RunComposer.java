package dev.sqlexam.jobs.assembly;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place a run is set up. Every mode (exam, grade, regrade, ask and the MCP server, the
 * watch's shadow, R-VES, and the bench through them) hands its {@link RunDefinition} to {@link
 * #compose}, which runs the same steps in the same order: migrations, server probe, variants,
 * pre-flight, index, test suites, resources, configs. A step is skipped only by its own rule of the
 * definition's mode.
 */
public final class RunComposer {

    private final List<SetupStep> steps;

    private RunComposer(List<SetupStep> steps) {
        this.steps = List.copyOf(steps);
    }

    /** sqlexam's setup. */
    public static RunComposer standard() {
        return new RunComposer(List.of(StandardSteps.values()));
    }

    /** This composer with {@code step} run after the others. */
    public RunComposer with(SetupStep step) {
        List<SetupStep> more = new ArrayList<>(steps);
        more.add(step);
        return new RunComposer(more);
    }

    /** The steps, in the order they run. */
    public List<String> stepNames() {
        return steps.stream().map(SetupStep::name).toList();
    }

    /** Sets {@code definition}'s run up, notes to {@code out}. */
    public ComposedRun compose(RunDefinition definition, PrintStream out) throws Exception {
        ComposedRun run = new ComposedRun(definition, out);
        for (SetupStep step : steps) {
            if (!step.appliesTo(run)) continue;
            run = step.apply(run).ran(step.name());
        }
        return run;
    }
}
