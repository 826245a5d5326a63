package dev.sqlexam.flink;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.pipeline.GenerateStep;
import dev.sqlexam.pipeline.GradeStep;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.RetrieveStep;
import dev.sqlexam.pipeline.Variants;

import com.sun.net.httpserver.HttpServer;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;
import org.apache.flink.streaming.api.operators.async.AsyncWaitOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The async operators as Flink runs them (AsyncWaitOperatorFactory in a one-input harness): a
 * question that runs past the async time limit, or whose stage throws, still comes out as one
 * record, with the stage that failed named.
 */
class AsyncOperatorsITCase {

    /**
     * {@code timeoutMs} &lt; 0: the clock stays put (the work finishes first); else it moves past
     * the limit at once.
     */
    static <I, O> List<O> run(AsyncFunction<I, O> function, Class<I> in, long timeoutMs, I element)
            throws Exception {
        boolean expire = timeoutMs > 0;
        timeoutMs = Math.abs(timeoutMs);
        AsyncWaitOperatorFactory<I, O> factory =
                new AsyncWaitOperatorFactory<>(
                        function, timeoutMs, 4, AsyncDataStream.OutputMode.UNORDERED);
        try (var harness =
                new OneInputStreamOperatorTestHarness<>(
                        factory,
                        TypeInformation.of(in).createSerializer(new SerializerConfigImpl()))) {
            harness.open();
            harness.processElement(new StreamRecord<>(element, 0));
            // the harness keeps its own clock: moving it past the limit fires the operator's
            // timeout
            if (expire) harness.setProcessingTime(timeoutMs + 1);
            harness.endInput();
            return harness.extractOutputValues();
        }
    }

    private static ExamTask task(String gold) {
        return new ExamTask(
                "it",
                "default",
                0,
                new ExamQuestion(
                        "q1",
                        "demo",
                        "How many employees?",
                        gold,
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        1,
                        null));
    }

    @Test
    void aGenerationPastTheTimeLimitIsARecordOfTheGenerateStage() throws Exception {
        HttpServer silent = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        silent.createContext(
                "/v1/chat/completions",
                exchange -> {
                    try {
                        Thread.sleep(5_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    exchange.close();
                });
        silent.start();
        try {
            Generators openai =
                    Generators.from(
                            Settings.resolve(
                                    Map.of(),
                                    Map.of(),
                                    Map.of(
                                            "generator",
                                            "openai",
                                            "llm_url",
                                            "http://127.0.0.1:"
                                                    + silent.getAddress().getPort()
                                                    + "/v1")));
            List<GeneratedTask> out =
                    run(
                            new GenerateCandidates(
                                    n -> new GenerateStep(Variants.single("default", openai))),
                            RetrievalTask.class,
                            300,
                            RetrievalTask.of(task("SELECT 1")));
            assertThat(out)
                    .singleElement()
                    .satisfies(
                            g -> {
                                assertThat(g.candidates()).isEmpty();
                                StageTrace last = g.trace().get(g.trace().size() - 1);
                                assertThat(last.stage()).isEqualTo("generate");
                                assertThat(last.infraFailure()).isTrue();
                                assertThat(last.detail()).contains("timed out");
                                assertThat(g.generator()).isEqualTo("openai");
                            });
        } finally {
            silent.stop(0);
        }
    }

    @Test
    void gradingPastTheTimeLimitIsAnInfraFailureOfTheExecuteStage() throws Exception {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        ExecutionSpec spec =
                new ExecutionSpec(
                        reader,
                        30_000,
                        100,
                        new Tolerance(1e-6, 1e-9),
                        2,
                        false,
                        0,
                        null,
                        ConnectionPolicy.DEFAULT);
        GeneratedTask slow =
                new GeneratedTask(
                        task("SELECT count(*) FROM generate_series(1, 300000000)"),
                        "test",
                        List.of(new Candidate(0, "SELECT 1", "test", 0)),
                        List.of(),
                        null,
                        null,
                        null);
        List<ExamRecord> out =
                run(
                        new ExecuteAndGrade(
                                n ->
                                        new GradeStep(
                                                Variants.single("default", spec),
                                                GradeStep.CacheSizes.JOB,
                                                n)),
                        GeneratedTask.class,
                        300,
                        slow);
        assertThat(out)
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.reason()).isEqualTo("infra_failure");
                            assertThat(r.trace())
                                    .last()
                                    .satisfies(
                                            t -> {
                                                assertThat(t.stage()).isEqualTo("execute");
                                                assertThat(t.detail()).contains("async time limit");
                                            });
                        });
    }

    @Test
    void aStageThatThrowsIsARecordNamingTheStage() throws Exception {
        // a database the retrieval index has never seen: the retrieval service throws, the operator
        // must not
        RetrievalSpec spec =
                new RetrievalSpec(
                        TestDatabase.state(),
                        new dev.sqlexam.embedding.EmbeddingProviders(
                                dev.sqlexam.config.Choices.EmbeddingProvider.ONNX, null, null),
                        384,
                        dev.sqlexam.retrieval.RetrievalConfig.from(Settings.defaults()),
                        dev.sqlexam.config.JobFiles.local(TestDatabase.migrationsDir()),
                        2,
                        ConnectionPolicy.DEFAULT,
                        true);
        ExamTask unknown =
                new ExamTask(
                        "it",
                        "default",
                        0,
                        new ExamQuestion(
                                "q9",
                                "it_never_indexed",
                                "How many employees?",
                                "SELECT 1",
                                List.of(),
                                List.of(),
                                null,
                                null,
                                null,
                                null,
                                null,
                                1,
                                null));
        RetrievalTask embedded =
                RetrievalTask.of(unknown)
                        .withVector(new float[384], StageTrace.ok(Stage.EMBED, 0, "test"));
        List<RetrievalTask> out =
                run(
                        new RetrieveSchema(
                                n -> new RetrieveStep(Variants.single("default", spec), n)),
                        RetrievalTask.class,
                        -30_000,
                        embedded);
        assertThat(out)
                .singleElement()
                .satisfies(
                        t -> {
                            StageTrace last = t.stages().get(t.stages().size() - 1);
                            assertThat(last.stage()).isEqualTo("retrieve");
                            assertThat(last.infraFailure()).isTrue();
                            assertThat(last.detail()).contains("it_never_indexed");
                        });
    }

    private static QueryLogEvent event(String sql) {
        return new QueryLogEvent(
                1_000,
                "shop",
                "demo",
                "How many employees?",
                sql,
                "ok",
                null,
                null,
                null,
                50L,
                null,
                "v1",
                null,
                null,
                null,
                null,
                "log.jsonl",
                7);
    }

    @Test
    void anEventWhoseCheckRunsPastTheTimeLimitIsOursNotTheApps() throws Exception {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        ExecutionSpec spec =
                new ExecutionSpec(
                        reader,
                        30_000,
                        100,
                        new Tolerance(1e-6, 1e-9),
                        2,
                        false,
                        0,
                        null,
                        ConnectionPolicy.DEFAULT);
        QueryLogEvent slow =
                new QueryLogEvent(
                        1_000,
                        "shop",
                        "demo",
                        "How many?",
                        "SELECT 1",
                        "ok",
                        null,
                        null,
                        1L,
                        50L,
                        null,
                        "v1",
                        null,
                        null,
                        "SELECT count(*) FROM generate_series(1, 300000000)",
                        null,
                        "log.jsonl",
                        8);

        List<EventEvaluation> out =
                run(new EvaluateEvents(spec, 30_000, null, 0), QueryLogEvent.class, 300, slow);

        assertThat(out)
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.gradeReason()).isEqualTo("infra_failure");
                            assertThat(e.gradeDetail()).contains("async time limit");
                            assertThat(e.outcomeClass())
                                    .as(
                                            "the app said ok; a check of ours that ran out is not the app's failure")
                                    .isEqualTo("ok");
                            assertThat(e.position()).isEqualTo(8);
                        });
    }

    @Test
    void anEventIsCheckedAsTheReadOnlyRole() throws Exception {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        ExecutionSpec spec =
                new ExecutionSpec(
                        reader,
                        30_000,
                        100,
                        new Tolerance(1e-6, 1e-9),
                        2,
                        false,
                        0,
                        null,
                        ConnectionPolicy.DEFAULT);

        List<EventEvaluation> ok =
                run(
                        new EvaluateEvents(spec, 5_000, null, 0),
                        QueryLogEvent.class,
                        -30_000,
                        event("SELECT count(*) FROM employees"));
        List<EventEvaluation> blocked =
                run(
                        new EvaluateEvents(spec, 5_000, null, 0),
                        QueryLogEvent.class,
                        -30_000,
                        event("DELETE FROM employees"));

        assertThat(ok)
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.blocked()).isFalse();
                            assertThat(e.explain().passed()).isTrue();
                            assertThat(e.gradeReason()).as("no gold: not graded").isNull();
                        });
        assertThat(blocked)
                .singleElement()
                .satisfies(
                        e -> {
                            assertThat(e.blocked()).isTrue();
                            assertThat(e.blockReason()).isNotBlank();
                        });
    }
}
