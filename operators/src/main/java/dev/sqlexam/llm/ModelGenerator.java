package dev.sqlexam.llm;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.SchemaContextPacket;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

/**
 * Candidates from a chat model: the prompt from the templates, K from the question's difficulty
 * (seed 003), temperature 0.3, the SQL extracted from each reply and duplicates dropped. The
 * completions that arrived within the time budget are used and the lost ones listed; when none
 * arrived, the question has no candidates and an infrastructure error in its trace.
 */
public final class ModelGenerator implements SqlGenerator {

    /** Generation settings (seed 003's MULTI_CANDIDATE_* and the sampling options). */
    public record Settings(
            boolean multiCandidate,
            int kDefault,
            int kEasy,
            int kHard,
            long timeBudgetMs,
            double temperature,
            int maxTokens,
            Integer seed,
            PromptTemplates.Sections prompt)
            implements Serializable {

        /**
         * K for a question of this difficulty: MULTI_CANDIDATE_K_EASY, _K, _K_HARD; 1 with
         * MULTI_CANDIDATE_ENABLED off.
         */
        public int k(DifficultyClassifier.Difficulty difficulty) {
            return multiCandidate ? DifficultyClassifier.k(difficulty, kEasy, kDefault, kHard) : 1;
        }
    }

    private final ChatClient client;
    private final Settings settings;

    public ModelGenerator(ChatClient client, Settings settings) {
        this.client = client;
        this.settings = settings;
    }

    @Override
    public String name() {
        return client.provider();
    }

    @Override
    public CompletableFuture<Generation> generate(Request request) {
        return generateWithTrace(request.task(), request.packet(), request.plan())
                .thenApply(ModelGenerator::generation);
    }

    @Override
    public Optional<Sketcher> sketcher() {
        return Optional.of(
                (task, packet) -> sketch(task, packet).thenApply(ModelGenerator::generation));
    }

    @Override
    public Optional<Completer> completer() {
        return Optional.of(prompt -> complete(prompt).thenApply(ModelGenerator::generation));
    }

    /**
     * No reply at all is the endpoint's failure; replies without SQL are the model's, and come back
     * as no candidates.
     */
    private static Generation generation(Result r) {
        GenerationTrace t = r.trace();
        if (t.error() != null)
            return Generation.failed(ErrorClass.INFRA_FAILURE.code(), t.error(), t);
        return Generation.of(
                r.candidates(),
                t,
                r.candidates().size() + " candidate(s) of " + t.k() + " from " + t.model());
    }

    /** Candidates and the trace of how they were made. */
    public record Result(List<Candidate> candidates, GenerationTrace trace) {}

    public CompletableFuture<Result> generateWithTrace(ExamTask task, SchemaContextPacket packet) {
        return generateWithTrace(task, packet, null);
    }

    public CompletableFuture<Result> generateWithTrace(
            ExamTask task, SchemaContextPacket packet, JoinPlan plan) {
        DifficultyClassifier.Difficulty difficulty =
                DifficultyClassifier.classify(
                        task.question().question(), packet == null ? 0 : packet.tables().size());
        int k = settings.k(difficulty);
        return generate(task, packet, plan, difficulty, k);
    }

    /**
     * One quick candidate from the retrieved schema: the pre-SQL sketch whose tables drive backward
     * recall.
     */
    public CompletableFuture<Result> sketch(ExamTask task, SchemaContextPacket packet) {
        return generate(
                task,
                packet,
                null,
                DifficultyClassifier.classify(
                        task.question().question(), packet == null ? 0 : packet.tables().size()),
                1);
    }

    private CompletableFuture<Result> generate(
            ExamTask task,
            SchemaContextPacket packet,
            JoinPlan plan,
            DifficultyClassifier.Difficulty difficulty,
            int k) {
        return ask(
                PromptTemplates.build(task.question(), packet, plan, settings.prompt()),
                difficulty.name().toLowerCase(),
                k);
    }

    /**
     * One completion of a prompt written elsewhere (the repair prompt), under the generation system
     * prompt.
     */
    public CompletableFuture<Result> complete(String userPrompt) {
        return ask(
                new PromptTemplates.Prompt(PromptTemplates.systemPrompt(), userPrompt),
                "repair",
                1);
    }

    private CompletableFuture<Result> ask(PromptTemplates.Prompt prompt, String difficulty, int k) {
        ChatRequest request =
                new ChatRequest(
                                prompt.system(),
                                prompt.user(),
                                settings.temperature(),
                                settings.seed(),
                                settings.maxTokens(),
                                k)
                        .withBudget(settings.timeBudgetMs());
        long start = System.nanoTime();
        return client.chat(request)
                .handle(
                        (reply, error) -> {
                            long ms = (System.nanoTime() - start) / 1_000_000;
                            return error != null
                                    ? failed(error, prompt, difficulty, k, ms)
                                    : replied(reply, prompt, difficulty, k, ms);
                        });
    }

    /** No candidates, and the endpoint's failure (the time budget, or its error) in the trace. */
    private Result failed(
            Throwable error, PromptTemplates.Prompt prompt, String difficulty, int k, long ms) {
        Throwable cause =
                error instanceof CompletionException && error.getCause() != null
                        ? error.getCause()
                        : error;
        String message =
                cause instanceof TimeoutException
                        ? "time budget of " + settings.timeBudgetMs() + " ms ran out"
                        : cause.getMessage();
        int retries = cause instanceof LlmException e ? e.retries() : 0;
        return new Result(
                List.of(),
                GenerationTrace.of(client.provider(), client.model())
                        .difficulty(difficulty)
                        .k(k)
                        .promptHash(prompt.hash())
                        .latencyMs(ms)
                        .retries(retries)
                        .error(message)
                        .build());
    }

    /**
     * The SQL of each completion, duplicates dropped; completions without SQL and lost ones listed
     * as problems.
     */
    private Result replied(
            ChatReply reply, PromptTemplates.Prompt prompt, String difficulty, int k, long ms) {
        List<Candidate> candidates = new ArrayList<>();
        List<String> problems = new ArrayList<>(reply.lost());
        Set<String> seen = new LinkedHashSet<>();
        int duplicates = 0;
        for (String content : reply.contents()) {
            SqlExtraction.Extracted e = SqlExtraction.extract(content);
            if (!e.ok()) {
                problems.add(e.problem());
            } else if (!seen.add(SqlExtraction.normalize(e.sql()))) {
                duplicates++;
            } else {
                candidates.add(
                        new Candidate(
                                candidates.size(),
                                e.sql(),
                                client.provider() + ":" + client.model(),
                                ms));
            }
        }
        return new Result(
                candidates,
                GenerationTrace.of(client.provider(), client.model())
                        .difficulty(difficulty)
                        .k(k)
                        .promptHash(prompt.hash())
                        .tokens(reply.promptTokens(), reply.completionTokens())
                        .latencyMs(ms)
                        .retries(reply.retries())
                        .httpCalls(reply.httpCalls())
                        .replies(reply.contents().size())
                        .duplicates(duplicates)
                        .extractionProblems(problems)
                        .build());
    }

    @Override
    public void close() {
        client.close();
    }
}
