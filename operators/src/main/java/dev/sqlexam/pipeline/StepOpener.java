package dev.sqlexam.pipeline;

import java.io.Serializable;

/**
 * How an operator builds its step on a worker, from {@link PipelineSteps} in a job ({@code
 * subtasks}: how many of the operator run at once in that process).
 */
@FunctionalInterface
public interface StepOpener<S> extends Serializable {
    S open(int subtasks);
}
