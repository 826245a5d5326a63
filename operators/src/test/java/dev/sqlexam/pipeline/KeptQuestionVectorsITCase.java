package dev.sqlexam.pipeline;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.embedding.OnnxBgeSmallProvider;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.retrieval.QuestionVectorStore;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * question_vector_cache on sqlexam's real state database: a later run takes a question's vector as
 * an earlier run kept it, bit for bit, for its model and length only; a server's model is never
 * kept; off, nothing is read or kept; a state database that fails or refuses to keep leaves the
 * model to embed. Each test asks texts no other run asked (a fresh UUID in them), so what earlier
 * runs kept changes nothing.
 */
class KeptQuestionVectorsITCase {

    private static final String ONNX = "bge-small-en-v1.5-q";

    /** What the in-process model's vectors are kept under: the model and its artifact's version. */
    private static final String KEPT_AS = OnnxBgeSmallProvider.identity();

    private static String fresh(String question) {
        return question + " (" + UUID.randomUUID() + ")";
    }

    private static RetrievalTask embedded(RetrievalSpec spec, String question) {
        try (EmbedStep step = new EmbedStep(ErpFixture.single(spec))) {
            return step.apply(task(erp("q", question, null, List.of())));
        }
    }

    @Test
    void aLaterRunTakesTheVectorAnEarlierRunKeptBitForBit() {
        RetrievalSpec spec = ErpFixture.config(Map.of()).retrieval();
        String question = fresh("Which suppliers delivered late last quarter?");

        RetrievalTask first = embedded(spec, question);
        RetrievalTask second = embedded(spec, question);

        assertThat(last(first.stages()).detail()).isEqualTo(ONNX);
        assertThat(last(second.stages()).detail()).isEqualTo(ONNX + " (kept)");
        assertThat(second.vector()).hasSize(384).containsExactly(first.vector());
        assertThat(KEPT_AS).startsWith(ONNX + "@");
        assertThat(keptRows(KEPT_AS, question)).isEqualTo(1);
    }

    @Test
    void aKeptVectorIsTakenAsKeptForItsModelAndItsLengthOnly() throws Exception {
        // a vector the model cannot give (not of unit length, awkward floats): only the store has
        // it
        RetrievalSpec spec = ErpFixture.config(Map.of()).retrieval();
        String question = fresh("How many invoices are overdue?");
        float[] planted = new float[384];
        Arrays.fill(planted, 0.05f);
        float[] awkward = {1f / 3, 0.1f, -0.0f, 1e-30f, -7.0000005f, 3.4e37f, 0.99999994f, 0f};
        System.arraycopy(awkward, 0, planted, 0, awkward.length);
        String shortOne = fresh("How many invoices are overdue?");
        try (QuestionVectorStore store = store()) {
            store.keep(KEPT_AS, question, planted);
            store.keep(KEPT_AS, question, new float[384]); // the first kept stays
            store.keep(KEPT_AS, shortOne, new float[] {1f, 2f, 3f}); // not this model's length
            assertThat(store.find("other-" + KEPT_AS, question)).isNull();
            assertThat(store.find(KEPT_AS, question + " ")).isNull();
        }

        RetrievalTask t = embedded(spec, question);
        RetrievalTask s = embedded(spec, shortOne);

        assertThat(last(t.stages()).detail()).isEqualTo(ONNX + " (kept)");
        assertThat(t.vector()).containsExactly(planted);
        assertThat(Float.floatToRawIntBits(t.vector()[2]))
                .isEqualTo(Float.floatToRawIntBits(-0.0f));
        assertThat(last(s.stages()).detail()).isEqualTo(ONNX);
        assertThat(s.vector()).hasSize(384);
        try (QuestionVectorStore store = store()) {
            assertThat(store.find(KEPT_AS, shortOne))
                    .as("kept anew at the model's length")
                    .containsExactly(s.vector());
        }
    }

    @Test
    void aServersModelIsNeverKeptItsWeightsCanChangeBehindItsName() {
        RetrievalSpec ollama =
                ErpFixture.config(Map.of("embedding_provider", "ollama")).retrieval();
        assertThat(ollama.embeddings().keptVectorsModel()).isNull();
    }

    @Test
    void aStoreThatRefusesToKeepStillAnswersReads() throws Exception {
        RetrievalSpec spec = ErpFixture.config(Map.of()).retrieval();
        String question = fresh("Which projects ran over budget?");
        float[] planted = new float[384];
        Arrays.fill(planted, 0.02f);
        try (QuestionVectorStore store = store()) {
            store.keep(KEPT_AS, question, planted);
        }
        try (KeptQuestionVectors kept = new KeptQuestionVectors()) {
            float[] nan = new float[384];
            nan[0] = Float.NaN; // pgvector refuses it
            assertThat(kept.keep(spec, KEPT_AS, fresh("Which projects?"), nan))
                    .startsWith("question vectors not kept for the rest of this task: ");
            assertThat(kept.keep(spec, KEPT_AS, fresh("Which projects?"), planted))
                    .as("not tried again")
                    .isNull();
            assertThat(kept.find(spec, KEPT_AS, question).vector()).containsExactly(planted);
        }
    }

    @Test
    void withTheCacheOffNothingIsReadOrKept() throws Exception {
        RetrievalSpec off = EmbedStepITCase.notKept(Map.of());
        String question = fresh("What is the average salary per department?");
        float[] planted = new float[384];
        Arrays.fill(planted, 0.05f);
        try (QuestionVectorStore store = store()) {
            store.keep(KEPT_AS, question, planted);
        }
        String unseen = fresh("Which warehouses hold no stock?");

        RetrievalTask planted1 = embedded(off, question);
        RetrievalTask unseen1 = embedded(off, unseen);

        assertThat(last(planted1.stages()).detail()).isEqualTo(ONNX);
        assertThat(planted1.vector()).isNotEqualTo(planted);
        assertThat(last(unseen1.stages()).detail()).isEqualTo(ONNX);
        assertThat(keptRows(KEPT_AS, unseen)).isZero();
    }

    @Test
    void aStateDatabaseThatFailsLeavesTheModelToEmbedAndIsNotAskedAgain() throws Exception {
        RetrievalSpec r = ErpFixture.config(Map.of()).retrieval();
        StateDatabase dead =
                new StateDatabase(
                        new JdbcUrlTemplate(
                                "jdbc:postgresql://127.0.0.1:"
                                        + closedPort()
                                        + "/{db}?user=sqlexam"),
                        "sqlexam");
        RetrievalSpec spec =
                new RetrievalSpec(
                        dead,
                        r.embeddings(),
                        r.dimensions(),
                        r.config(),
                        r.migrations(),
                        r.poolSize(),
                        r.connections(),
                        true);
        try (EmbedStep step = new EmbedStep(ErpFixture.single(spec))) {
            RetrievalTask first =
                    step.apply(task(erp("q", fresh("How many employees?"), null, List.of())));
            RetrievalTask second =
                    step.apply(task(erp("q", fresh("How many projects?"), null, List.of())));

            assertThat(last(first.stages()).status()).isEqualTo("ok");
            assertThat(first.vector()).hasSize(384);
            assertThat(last(first.stages()).detail())
                    .startsWith(
                            ONNX + " (kept question vectors not read for the rest of this task: ");
            assertThat(last(second.stages()).detail()).isEqualTo(ONNX);
            assertThat(second.vector()).hasSize(384);
        }
    }

    private static QuestionVectorStore store() {
        return QuestionVectorStore.open(
                TestDatabase.state(), dev.sqlexam.database.ConnectionPolicy.DEFAULT, 10);
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static int keptRows(String model, String text) {
        StateDatabase state = TestDatabase.state();
        try (Connection c = DriverManager.getConnection(state.url());
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT count(*) FROM rag.question_vectors WHERE model = ? AND text_sha256 = ?")) {
            ps.setString(1, model);
            ps.setBytes(
                    2,
                    MessageDigest.getInstance("SHA-256")
                            .digest(text.getBytes(StandardCharsets.UTF_8)));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot count the kept vectors of " + model, e);
        }
    }
}
