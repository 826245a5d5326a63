package dev.sqlexam.flink;

import dev.sqlexam.llm.BaselineGenerator;
import dev.sqlexam.llm.DifficultyClassifier;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.ModelGenerator;
import dev.sqlexam.llm.PromptTemplates;
import dev.sqlexam.llm.ReplayGenerator;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Asks the configured generator for a question's SQL candidates. A failing or slow generator
 * yields a task with no candidates and the failure in its trace, never a failed job.
 */
public final class GenerateCandidates extends RichAsyncFunction<RetrievalTask, GeneratedTask> {

    private final Generators generators;
    private final String generatorName;
    private transient SqlGenerator generator;

    public GenerateCandidates(Generators generators) {
        this.generators = generators;
        this.generatorName = generators.name();
    }

    @Override
    public void open(OpenContext openContext) {
        generator = generators.create();
    }

    @Override
    public void asyncInvoke(RetrievalTask retrieved, ResultFuture<GeneratedTask> resultFuture) {
        long start = System.nanoTime();
        ExamTask task = retrieved.task();
        if (generator instanceof ReplayGenerator replay) {
            String hash = PromptTemplates.build(task.question(), retrieved.packet(), retrieved.plan(),
                    generators.settings() == null ? PromptTemplates.Stages.DEFAULT : generators.settings().prompt()).hash();
            ReplayGenerator.Replayed r = replay.replay(task, hash);
            long ms = (System.nanoTime() - start) / 1_000_000;
            StageTrace stage = r.problem() == null ? StageTrace.ok("generate", ms, r.candidates().size() + " candidate(s) replayed")
                    : StageTrace.failed("generate", "replay_miss", null, ms, r.problem());
            resultFuture.complete(List.of(generated(retrieved, r.candidates(), stage, new GenerationTrace("replay", "log", null,
                    r.candidates().size(), hash, 0, 0, ms, 0, 0, r.candidates().size(), 0, List.of(), r.problem()))));
            return;
        }
        if (generator instanceof BaselineGenerator baseline) {
            var packet = retrieved.packet();
            var difficulty = DifficultyClassifier.classify(task.question().question(), packet == null ? 0 : packet.tables().size());
            int k = DifficultyClassifier.k(difficulty, 2, 4, 6);
            List<Candidate> all = baseline.write(task.question().question(), packet);
            List<Candidate> candidates = all.subList(0, Math.min(k, all.size()));
            long ms = (System.nanoTime() - start) / 1_000_000;
            StageTrace stage = StageTrace.ok("generate", ms, candidates.size() + " candidate(s) from the offline baseline");
            resultFuture.complete(List.of(generated(retrieved, candidates, stage, new GenerationTrace("baseline", "rules",
                    difficulty.name().toLowerCase(), k, null, 0, 0, ms, 0, 0, all.size(), 0, List.of(), null))));
            return;
        }
        if (generator instanceof ModelGenerator model) {
            model.generateWithTrace(task, retrieved.packet(), retrieved.plan()).whenComplete((result, error) -> {
                GenerationTrace trace = result == null ? null : result.trace();
                long ms = (System.nanoTime() - start) / 1_000_000;
                StageTrace stage = error != null ? StageTrace.infraFailure("generate", ms, error.getMessage())
                        : trace.error() != null ? StageTrace.infraFailure("generate", ms, trace.error())
                        : StageTrace.ok("generate", ms, result.candidates().size() + " candidate(s) of " + trace.k() + " from " + trace.model());
                resultFuture.complete(List.of(generated(retrieved, result == null ? List.of() : result.candidates(), stage, trace)));
            });
            return;
        }
        generator.generate(task).whenComplete((candidates, error) -> {
            long ms = (System.nanoTime() - start) / 1_000_000;
            if (error != null) {
                StageTrace failed = StageTrace.infraFailure("generate", ms,
                        generatorName + " failed: " + error.getMessage());
                resultFuture.complete(List.of(generated(retrieved, List.of(), failed, null)));
            } else {
                StageTrace ok = StageTrace.ok("generate", ms, candidates.size() + " candidate(s) from " + generatorName);
                resultFuture.complete(List.of(generated(retrieved, candidates, ok, null)));
            }
        });
    }

    private GeneratedTask generated(RetrievalTask retrieved, List<Candidate> candidates, StageTrace stage,
            GenerationTrace generation) {
        List<StageTrace> trace = new ArrayList<>(retrieved.stages());
        trace.add(stage);
        return new GeneratedTask(retrieved.task(), generatorName, candidates, trace, retrieved.packet(), retrieved.retrieval(), generation);
    }

    @Override
    public void timeout(RetrievalTask retrieved, ResultFuture<GeneratedTask> resultFuture) {
        StageTrace failed = StageTrace.infraFailure("generate", 0, generatorName + " timed out");
        resultFuture.complete(List.of(generated(retrieved, List.of(), failed, null)));
    }

    @Override
    public void close() throws Exception {
        if (generator != null) generator.close();
    }
}
