package dev.sqlexam.flink;

import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import java.util.ArrayList;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.StageTrace;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Asks the configured generator for a question's SQL candidates. A failing or slow generator
 * yields a task with no candidates and the failure in its trace, never a failed job.
 */
public final class GenerateCandidates extends RichAsyncFunction<RetrievalTask, GeneratedTask> {

    private final String generatorName;
    private transient SqlGenerator generator;

    public GenerateCandidates(String generatorName) {
        this.generatorName = generatorName;
    }

    @Override
    public void open(OpenContext openContext) {
        generator = Generators.create(generatorName);
    }

    @Override
    public void asyncInvoke(RetrievalTask retrieved, ResultFuture<GeneratedTask> resultFuture) {
        long start = System.nanoTime();
        ExamTask task = retrieved.task();
        generator.generate(task).whenComplete((candidates, error) -> {
            long ms = (System.nanoTime() - start) / 1_000_000;
            if (error != null) {
                StageTrace failed = StageTrace.failed("generate", "infra_failure", null, ms,
                        generatorName + " failed: " + error.getMessage());
                resultFuture.complete(List.of(generated(retrieved, List.of(), failed)));
            } else {
                StageTrace ok = StageTrace.ok("generate", ms, candidates.size() + " candidate(s) from " + generatorName);
                resultFuture.complete(List.of(generated(retrieved, candidates, ok)));
            }
        });
    }

    private GeneratedTask generated(RetrievalTask retrieved, List<dev.sqlexam.model.Candidate> candidates, StageTrace stage) {
        List<StageTrace> trace = new ArrayList<>(retrieved.stages());
        trace.add(stage);
        return new GeneratedTask(retrieved.task(), generatorName, candidates, trace, retrieved.packet(), retrieved.retrieval());
    }

    @Override
    public void timeout(RetrievalTask retrieved, ResultFuture<GeneratedTask> resultFuture) {
        StageTrace failed = StageTrace.failed("generate", "infra_failure", null, 0, generatorName + " timed out");
        resultFuture.complete(List.of(generated(retrieved, List.of(), failed)));
    }

    @Override
    public void close() throws Exception {
        if (generator != null) generator.close();
    }
}
