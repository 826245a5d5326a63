package dev.sqlexam.pipeline;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generate step with the offline generators on the schema retrieval found for the question
 * (docs/pipeline.md, "Generation with a model"), and with a model server on loopback that fails in
 * the two ways a model server can: no answer (the infrastructure's) and an answer without SQL (the
 * model's).
 */
@ExtendWith(ErpIndex.class)
class GenerateStepITCase {

    private static final String DEPARTMENTS = "How many departments does the company have?";
    private static final String GOLD = "SELECT COUNT(*) FROM departments";

    private static RetrievalTask departments;
    private static HttpServer modelServer;

    @BeforeAll
    static void retrieveAndServe() throws Exception {
        Variants<RetrievalSpec> specs = ErpFixture.single(ErpFixture.config(Map.of()).retrieval());
        try (EmbedStep embed = new EmbedStep(specs);
                RouteStep route = new RouteStep(specs);
                RetrieveStep retrieve = new RetrieveStep(specs)) {
            ExamQuestion q = erp("erp-hr-002", DEPARTMENTS, GOLD, List.of("departments"));
            departments = retrieve.run(route.apply(embed.apply(task(q)))).get(30, TimeUnit.SECONDS);
        }
        modelServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        modelServer.createContext(
                "/refusing/v1/chat/completions", e -> ErpFixture.reply(e, 400, "{}"));
        modelServer.createContext(
                "/prose/v1/chat/completions",
                e ->
                        ErpFixture.reply(
                                e,
                                200,
                                "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                                        + "\"content\":\"I am not sure which table holds"
                                        + " that.\"},\"finish_reason\":\"stop\"}]}"));
        modelServer.start();
    }

    @AfterAll
    static void stop() {
        modelServer.stop(0);
    }

    private static GeneratedTask generated(Map<String, String> settings, RetrievalTask in)
            throws Exception {
        PipelineConfig config = ErpFixture.config(settings);
        try (GenerateStep step = new GenerateStep(ErpFixture.single(config.generators()))) {
            return step.run(in).get(30, TimeUnit.SECONDS);
        }
    }

    private static List<String> sql(GeneratedTask t) {
        return t.candidates().stream().map(Candidate::sql).toList();
    }

    @Test
    void theGoldGeneratorsOnlyCandidateIsTheGold() throws Exception {
        GeneratedTask t = generated(Map.of("generator", "gold"), departments);

        assertThat(sql(t)).containsExactly(GOLD);
        assertThat(t.generator()).isEqualTo("gold");
        assertThat(last(t.trace()).status()).isEqualTo("ok");
        assertThat(t.packet()).as("the packet travels on").isSameAs(departments.packet());
    }

    @Test
    void theBaselineCountsTheTableACountQuestionIsAbout() throws Exception {
        GeneratedTask t = generated(Map.of("generator", "baseline"), departments);

        assertThat(t.generator()).isEqualTo("baseline");
        assertThat(sql(t)).isNotEmpty().hasSizeLessThanOrEqualTo(6);
        assertThat(sql(t).get(0))
                .matches("(?is)SELECT\\s+COUNT\\(\\*\\)\\s+FROM\\s+(public\\.)?departments\\b.*");
        assertThat(t.trace().stream().map(StageTrace::stage))
                .containsExactly("embed", "route", "retrieve", "generate");
    }

    @Test
    void theBaselineNeverReadsTheGold() throws Exception {
        RetrievalTask withoutGold =
                departments.withTask(task(erp("erp-hr-002", DEPARTMENTS, null, List.of())));

        assertThat(sql(generated(Map.of("generator", "baseline"), withoutGold)))
                .isEqualTo(sql(generated(Map.of("generator", "baseline"), departments)));
    }

    @Test
    void aModelServerThatRefusesTheRequestLeavesNoCandidatesAndAnInfraFailure() throws Exception {
        GeneratedTask t = generated(model("/refusing/v1"), departments);

        assertThat(t.candidates()).isEmpty();
        StageTrace stage = last(t.trace());
        assertThat(stage.stage()).isEqualTo("generate");
        assertThat(stage.infraFailure()).isTrue();
    }

    @Test
    void aModelAnswerWithoutSqlIsTheModelsFailureNotTheInfrastructures() throws Exception {
        GeneratedTask t = generated(model("/prose/v1"), departments);

        assertThat(t.candidates()).isEmpty();
        assertThat(last(t.trace()).infraFailure()).isFalse();
        assertThat(t.generation().extractionProblems()).isNotEmpty();
    }

    @Test
    void aGenerationPastTheTimeLimitIsAnInfraFailureNamingTheGenerator() {
        PipelineConfig config = ErpFixture.config(Map.of("generator", "baseline"));
        try (GenerateStep step = new GenerateStep(ErpFixture.single(config.generators()))) {
            GeneratedTask late = step.timedOut(departments);

            assertThat(late.candidates()).isEmpty();
            assertThat(last(late.trace()).infraFailure()).isTrue();
            assertThat(last(late.trace()).detail()).isEqualTo("baseline timed out");
        }
    }

    private static Map<String, String> model(String path) {
        return Map.of(
                "generator",
                "openai",
                "llm_url",
                "http://127.0.0.1:" + modelServer.getAddress().getPort() + path,
                "llm_model",
                "test-model");
    }
}
