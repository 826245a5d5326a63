package dev.sqlexam.pipeline;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a run's SQL comes from: the pipeline's stages, or SQL written before the run and graded as
 * submitted. The exam job's graph branches on this, once.
 */
public sealed interface Answers {

    static Answers fromPipeline() {
        return new FromPipeline();
    }

    /** The pipeline's stages write each question's candidates. */
    record FromPipeline() implements Answers {}

    /**
     * SQL written before the run: predictions files, a regraded run's log, or each question's own
     * gold (the self-check without retrieval). {@code generator} and {@code reason} name who wrote
     * it; {@code unusableLines} are the inputs' lines that could not be used (to rejected.jsonl);
     * {@code files} are the inputs graded besides the exam set (their hashes go to run.json).
     */
    record Submitted(
            String generator,
            String reason,
            PredictionsStep predictions,
            List<String> unusableLines,
            List<Path> files)
            implements Answers {
        public Submitted {
            unusableLines = List.copyOf(unusableLines);
            files = List.copyOf(files);
        }
    }
}
