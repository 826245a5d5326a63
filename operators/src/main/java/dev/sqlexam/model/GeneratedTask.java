package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/** A task with the candidates its generator produced and the trace so far. */
public record GeneratedTask(ExamTask task, String generator, List<Candidate> candidates, List<StageTrace> trace,
        SchemaContextPacket packet, dev.sqlexam.retrieval.RetrievalTrace retrieval, GenerationTrace generation)
        implements Serializable {

    public GeneratedTask {
        candidates = new java.util.ArrayList<>(candidates);
        trace = new java.util.ArrayList<>(trace);
    }
}
