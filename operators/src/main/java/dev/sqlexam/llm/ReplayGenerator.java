package dev.sqlexam.llm;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamTask;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Candidates from an earlier run's exam log: the same question (and, when the log recorded one, the
 * same prompt hash) gets the same candidates, so a run can be re-graded without calling any model.
 */
public final class ReplayGenerator implements SqlGenerator {

    public static final String NAME = "replay";

    /** What the log holds for one question. */
    public record Recorded(List<String> candidates, String promptHash, String generator)
            implements Serializable {}

    private final Map<String, Recorded> byQuestion;

    private final PromptTemplates.Sections prompt;

    /**
     * {@code prompt}: the prompt sections of this run, whose hash tells a question whose prompt
     * changed since the log.
     */
    public ReplayGenerator(Map<String, Recorded> byQuestion, PromptTemplates.Sections prompt) {
        this.byQuestion = byQuestion;
        this.prompt = prompt == null ? PromptTemplates.Sections.DEFAULT : prompt;
    }

    /** Reads an exam_log.jsonl; the first record of each question (variant, repetition 1) wins. */
    public static Map<String, Recorded> read(Path examLog) {
        Map<String, Recorded> out = new HashMap<>();
        try {
            for (String line : Files.readAllLines(examLog, StandardCharsets.UTF_8)) {
                if (line.isBlank()) continue;
                JsonNode r = Json.MAPPER.readTree(line);
                List<String> candidates = new ArrayList<>();
                r.path("candidates").forEach(c -> candidates.add(c.asText()));
                if (candidates.isEmpty() && r.hasNonNull("pred_sql"))
                    candidates.add(r.get("pred_sql").asText());
                String hash = r.path("generation").path("prompt_hash").asText(null);
                out.putIfAbsent(
                        key(r.path("question_id").asText(), r.path("question").asText()),
                        new Recorded(candidates, hash, r.path("generator").asText()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the exam log to replay: " + examLog, e);
        }
        return out;
    }

    static String key(String id, String question) {
        return id + '\u0000' + question;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The recorded candidates, or none with the reason when the question or its prompt changed. */
    public Replayed replay(ExamTask task, String promptHash) {
        Recorded r = byQuestion.get(key(task.question().id(), task.question().question()));
        if (r == null)
            return new Replayed(List.of(), "no record of this question in the replayed log");
        if (r.promptHash() != null && promptHash != null && !r.promptHash().equals(promptHash)) {
            return new Replayed(
                    List.of(),
                    "the prompt changed since the replayed run (hash "
                            + r.promptHash()
                            + " → "
                            + promptHash
                            + ")");
        }
        List<Candidate> candidates = new ArrayList<>();
        for (String sql : r.candidates())
            candidates.add(new Candidate(candidates.size(), sql, NAME + ":" + r.generator(), 0));
        return new Replayed(candidates, null);
    }

    /** Replayed candidates, or why there are none. */
    public record Replayed(List<Candidate> candidates, String problem) {}

    @Override
    public CompletableFuture<Generation> generate(Request request) {
        long start = System.nanoTime();
        String hash =
                PromptTemplates.build(
                                request.task().question(), request.packet(), request.plan(), prompt)
                        .hash();
        Replayed r = replay(request.task(), hash);
        long ms = (System.nanoTime() - start) / 1_000_000;
        var trace =
                dev.sqlexam.model.GenerationTrace.of(NAME, "log")
                        .k(r.candidates().size())
                        .promptHash(hash)
                        .latencyMs(ms)
                        .replies(r.candidates().size())
                        .error(r.problem())
                        .build();
        return CompletableFuture.completedFuture(
                r.problem() == null
                        ? Generation.of(
                                r.candidates(),
                                trace,
                                r.candidates().size() + " candidate(s) replayed")
                        : Generation.failed("replay_miss", r.problem(), trace));
    }
}
