package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The embed step with the in-process bge-small-en-v1.5 model (docs/pipeline.md, "Schema
 * retrieval"): 384 dimensions, cached per model and text, and a provider that cannot embed is an
 * infrastructure failure of the question, never a crash. These tests keep no vectors; {@link
 * KeptQuestionVectorsITCase} covers question_vector_cache.
 */
class EmbedStepITCase {

    private static EmbedStep embed;

    @BeforeAll
    static void open() {
        embed = new EmbedStep(ErpFixture.single(notKept(Map.of())));
    }

    @AfterAll
    static void close() {
        embed.close();
    }

    private static RetrievalTask embedded(String question) {
        return embed.apply(task(erp("q", question, null, List.of())));
    }

    @Test
    void aQuestionBecomesA384DimensionalUnitVectorOfTheInProcessModel() {
        RetrievalTask t = embedded("How many departments does the company have?");

        assertThat(t.vector()).hasSize(384);
        assertThat(norm(t.vector())).isCloseTo(1.0, within(1e-3));
        StageTrace stage = last(t.stages());
        assertThat(stage.stage()).isEqualTo("embed");
        assertThat(stage.status()).isEqualTo("ok");
        assertThat(stage.detail()).isEqualTo("bge-small-en-v1.5-q");
    }

    @Test
    void theSameTextIsEmbeddedOnceThenTakenFromTheCache() {
        String question = "Which types of leave are unpaid?";
        RetrievalTask first = embedded(question);
        RetrievalTask second = embedded(question);

        assertThat(last(first.stages()).detail()).isEqualTo("bge-small-en-v1.5-q");
        assertThat(last(second.stages()).detail()).isEqualTo("cached");
        assertThat(second.vector()).containsExactly(first.vector());
    }

    @Test
    void variantsWithTheSameModelShareTheCache() {
        Map<String, RetrievalSpec> specs = new LinkedHashMap<>();
        specs.put("v1", notKept(Map.of()));
        specs.put("v2", notKept(Map.of("USE_SCHEMA_RAG_V2", "true")));
        ExamQuestion q = erp("q", "How many contractors work for us?", null, List.of());
        try (EmbedStep twoVariants = new EmbedStep(Variants.of(specs))) {
            twoVariants.apply(new ExamTask("it", "v1", 1, q));
            RetrievalTask other = twoVariants.apply(new ExamTask("it", "v2", 1, q));
            assertThat(last(other.stages()).detail()).isEqualTo("cached");
        }
    }

    @Test
    void questionsAboutTheSameThingAreCloserThanUnrelatedOnes() {
        float[] active = embedded("How many employees are currently active?").vector();
        float[] headcount = embedded("What is our current staff headcount?").vector();
        float[] invoices = embedded("Which customer invoices are overdue?").vector();

        assertThat(cosine(active, headcount)).isGreaterThan(cosine(active, invoices));
    }

    @Test
    void aBlankQuestionStillGetsAVectorForRetrievalToReportOn() {
        RetrievalTask t = embedded("   ");

        assertThat(t.vector()).hasSize(384);
        assertThat(last(t.stages()).status()).isEqualTo("ok");
    }

    @Test
    void anEmbeddingServerThatRefusesConnectionsIsAnInfraFailureOfTheEmbedStage() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        RetrievalSpec ollama =
                notKept(
                        Map.of(
                                "embedding_provider",
                                "ollama",
                                "ollama_url",
                                "http://127.0.0.1:" + closedPort));
        try (EmbedStep unreachable = new EmbedStep(ErpFixture.single(ollama))) {
            RetrievalTask t =
                    unreachable.apply(task(erp("q", "How many employees?", null, List.of())));

            assertThat(t.vector()).isNull();
            StageTrace stage = last(t.stages());
            assertThat(stage.stage()).isEqualTo("embed");
            assertThat(stage.infraFailure()).isTrue();
            assertThat(stage.detail()).startsWith("embedding failed:");
        }
    }

    /** A variant that neither reads nor keeps question vectors in the state database. */
    static RetrievalSpec notKept(Map<String, String> overrides) {
        Map<String, String> all = new LinkedHashMap<>(overrides);
        all.put("question_vector_cache", "false");
        return ErpFixture.config(all).retrieval();
    }

    private static double norm(float[] v) {
        double sum = 0;
        for (float x : v) sum += x * x;
        return Math.sqrt(sum);
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) dot += a[i] * b[i];
        return dot / (norm(a) * norm(b));
    }
}
