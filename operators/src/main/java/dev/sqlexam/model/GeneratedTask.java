package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A task with the candidates its generator produced and the trace so far; after evaluation the
 * chosen candidate comes first, and {@code evaluation} says how every candidate was judged.
 */
public record GeneratedTask(
        ExamTask task,
        String generator,
        List<Candidate> candidates,
        List<StageTrace> trace,
        SchemaContextPacket packet,
        RetrievalTrace retrieval,
        GenerationTrace generation,
        EvaluationTrace evaluation)
        implements Serializable {

    public GeneratedTask {
        candidates = new ArrayList<>(candidates);
        trace = new ArrayList<>(trace);
    }

    public GeneratedTask(
            ExamTask task,
            String generator,
            List<Candidate> candidates,
            List<StageTrace> trace,
            SchemaContextPacket packet,
            RetrievalTrace retrieval,
            GenerationTrace generation) {
        this(task, generator, candidates, trace, packet, retrieval, generation, null);
    }

    /** The same candidates for another variant of the question. */
    public GeneratedTask withTask(ExamTask t) {
        return new GeneratedTask(
                t, generator, candidates, trace, packet, retrieval, generation, evaluation);
    }

    /**
     * The evaluated task: candidates in execution order (the chosen one first), the evaluation, and
     * its stage trace.
     */
    public GeneratedTask withEvaluation(
            List<Candidate> ordered, EvaluationTrace e, StageTrace stage) {
        List<StageTrace> t = new ArrayList<>(trace);
        t.add(stage);
        return new GeneratedTask(task, generator, ordered, t, packet, retrieval, generation, e);
    }
}
