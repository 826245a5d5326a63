package dev.sqlexam.pipeline;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.predictions.Prediction;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Grading another system's predictions: the generation stages are replaced by a lookup of the
 * task's variant (one predictions file) and question id. A question the file has no prediction for
 * gets no candidate and a {@code predict} stage that says so; grading marks it {@code missing}.
 */
public final class PredictionsStep implements SyncStep<ExamTask, GeneratedTask>, Serializable {

    private final Map<String, Map<String, Prediction>> byVariant;
    private final Map<String, String> sources;
    private final boolean goldOfEachQuestion;
    private static final String GOLD = "gold";

    /**
     * {@code byVariant}: variant label → question id → prediction; {@code sources}: variant label →
     * file name.
     */
    public PredictionsStep(
            Map<String, Map<String, Prediction>> byVariant, Map<String, String> sources) {
        this.byVariant = new HashMap<>(byVariant);
        this.sources = new HashMap<>(sources);
        this.goldOfEachQuestion = false;
    }

    private PredictionsStep() {
        this.byVariant = Map.of();
        this.sources = Map.of();
        this.goldOfEachQuestion = true;
    }

    /**
     * The gold self-check without the pipeline's stages: every variant's prediction is the
     * question's own gold SQL.
     */
    public static PredictionsStep goldOfEachQuestion() {
        return new PredictionsStep();
    }

    /**
     * The key of a prediction for one repetition only (a regraded run's SQL differs per run); plain
     * ids serve every run.
     */
    public static String perRun(int repetition, String questionId) {
        return repetition + "\u0000" + questionId;
    }

    @Override
    public GeneratedTask apply(ExamTask task) {
        String variant = task.variant();
        Prediction p = prediction(task);
        String source =
                goldOfEachQuestion ? "the exam set's gold" : sources.getOrDefault(variant, variant);
        if (p == null || p.sql() == null || p.sql().isBlank()) return missing(task, source);
        String detail =
                "from "
                        + source
                        + (p.line() > 0 ? " (line/index " + p.line() + ")" : "")
                        + (p.cost() != null
                                ? String.format(Locale.ROOT, ", cost %.6f", p.cost())
                                : "");
        long latencyMs = p.latencyMs() == null ? 0 : p.latencyMs();
        GenerationTrace generation = generation(p, variant, latencyMs);
        if (goldOfEachQuestion) {
            // the self-check's record names its generator as the exam's gold generator does, and
            // reports no generation
            return new GeneratedTask(
                    task,
                    GOLD,
                    List.of(new Candidate(0, p.sql(), GOLD, 0)),
                    List.of(StageTrace.ok(Stage.PREDICT, 0, detail)),
                    null,
                    null,
                    null);
        }
        return new GeneratedTask(
                task,
                variant,
                List.of(new Candidate(0, p.sql(), variant, latencyMs)),
                List.of(StageTrace.ok(Stage.PREDICT, 0, detail)),
                null,
                null,
                generation);
    }

    /**
     * The question's gold in the self-check; else the variant's prediction for this run, or for
     * every run.
     */
    private Prediction prediction(ExamTask task) {
        Map<String, Prediction> mine = byVariant.getOrDefault(task.variant(), Map.of());
        return goldOfEachQuestion
                ? Prediction.sqlOnly(task.question().id(), task.question().goldSql(), GOLD, 0)
                : mine.getOrDefault(
                        perRun(task.repetition(), task.question().id()),
                        mine.get(task.question().id()));
    }

    /** No candidate, and a failed predict stage that says where no prediction was found. */
    private static GeneratedTask missing(ExamTask task, String source) {
        return new GeneratedTask(
                task,
                task.variant(),
                List.of(),
                List.of(
                        StageTrace.failed(
                                Stage.PREDICT,
                                GradeReason.MISSING.code(),
                                null,
                                0,
                                "no prediction for this question in " + source)),
                null,
                null,
                null);
    }

    /** The prediction's own figures as a generation: its system, tokens, latency and cost. */
    private static GenerationTrace generation(Prediction p, String variant, long latencyMs) {
        return GenerationTrace.of("predictions", p.system() != null ? p.system() : variant)
                .k(1)
                .tokens(
                        p.promptTokens() == null ? 0 : p.promptTokens(),
                        p.completionTokens() == null ? 0 : p.completionTokens())
                .latencyMs(latencyMs)
                .replies(1)
                .cost(p.cost())
                .build();
    }
}
