package dev.sqlexam.llm;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.GenerationTrace;

import java.util.List;

/**
 * What a generator made of one request: its candidates and trace, or why it made none ({@code
 * errorClass} and {@code problem}: {@code infra_failure} for an endpoint that failed, {@code
 * replay_miss} for a replay without the question, ...). {@code detail} says in a few words what was
 * made.
 */
public record Generation(
        List<Candidate> candidates,
        GenerationTrace trace,
        String errorClass,
        String problem,
        String detail) {

    public Generation {
        candidates = List.copyOf(candidates);
    }

    public static Generation of(List<Candidate> candidates, GenerationTrace trace, String detail) {
        return new Generation(candidates, trace, null, null, detail);
    }

    public static Generation failed(String errorClass, String problem, GenerationTrace trace) {
        return new Generation(List.of(), trace, errorClass, problem, null);
    }

    public boolean ok() {
        return problem == null;
    }
}
