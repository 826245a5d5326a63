package dev.sqlexam.pipeline;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.StageTrace;

import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One variant of the pipeline on the suite's real server, as the steps' tests open it: the stage
 * options from {@link Settings#resolve} (no environment, so a developer's variables change
 * nothing), the job's resources on the migrated server, the retrieval index of the default model.
 */
final class ErpFixture {

    static final String VARIANT = "default";

    private ErpFixture() {}

    /** The settings of a variant: the defaults, the baseline generator, and {@code overrides}. */
    static Settings settings(Map<String, String> overrides) {
        Map<String, String> all = new HashMap<>(Map.of("generator", "baseline"));
        all.putAll(overrides);
        return Settings.resolve(Map.of(), Map.of(), all);
    }

    /** A 10 s statement timeout and a 100,000-row cap unless a test needs other limits. */
    static JobResources resources(long statementTimeoutMs, int rowCap) {
        String model = EmbeddingProviders.from(Settings.defaults()).modelName();
        return JobResources.builder(TestDatabase.migrated(), TestDatabase.state())
                .migrations(JobFiles.local(TestDatabase.migrationsDir()))
                .reader(
                        ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null),
                        ConnectionPolicy.DEFAULT)
                .poolSize(2)
                .limits(statementTimeoutMs, rowCap)
                .dimensions(Map.of(model, 384))
                .build();
    }

    static PipelineConfig config(Map<String, String> overrides) {
        return config(overrides, resources(10_000, 100_000));
    }

    static PipelineConfig config(Map<String, String> overrides, JobResources resources) {
        Settings s = settings(overrides);
        return PipelineConfig.from(VARIANT, null, s, Generators.from(s), resources, false, 0);
    }

    static <T extends java.io.Serializable> Variants<T> single(T value) {
        return Variants.single(VARIANT, value);
    }

    /** A question on the ERP database with the gold tables the test gives (none: to derive). */
    static ExamQuestion erp(String id, String question, String gold, List<String> goldTables) {
        return on("erp", id, question, gold, goldTables);
    }

    static ExamQuestion on(
            String db, String id, String question, String gold, List<String> goldTables) {
        return ExamQuestion.of(id, db, question, gold).withGoldTables(goldTables);
    }

    static ExamTask task(ExamQuestion q) {
        return new ExamTask("it", VARIANT, 1, q);
    }

    /** {@code q} answered by {@code predictions} in their order, graded by {@code step}. */
    static ExamRecord graded(GradeStep step, ExamQuestion q, String... predictions)
            throws Exception {
        List<Candidate> candidates =
                java.util.stream.IntStream.range(0, predictions.length)
                        .mapToObj(i -> new Candidate(i, predictions[i], "test", 0))
                        .toList();
        GeneratedTask answered =
                new GeneratedTask(task(q), "test", candidates, List.of(), null, null, null);
        return step.run(answered).get(60, TimeUnit.SECONDS);
    }

    static StageTrace last(List<StageTrace> trace) {
        return trace.get(trace.size() - 1);
    }

    /** The grade step of the default variant, as ask opens it (one question at a time). */
    static GradeStep oneQuestionGrade() {
        return new GradeStep(
                single(config(Map.of()).execution()), GradeStep.CacheSizes.ONE_QUESTION);
    }

    /** {@code prediction} graded against {@code gold} on erp. */
    static ExamRecord graded(GradeStep grade, String gold, String prediction) throws Exception {
        return graded(grade, erp("q", "?", gold, List.of()), prediction);
    }

    /** A loopback model server's JSON answer. */
    static void reply(HttpExchange e, int status, String body) throws IOException {
        e.getRequestBody().readAllBytes();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        e.getResponseHeaders().add("Content-Type", "application/json");
        e.sendResponseHeaders(status, bytes.length);
        e.getResponseBody().write(bytes);
        e.close();
    }
}
