package dev.sqlexam.pipeline;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pre-SQL backward recall (PRE_SQL_ENABLED): a model's sketch names tables retrieval missed, and
 * those the ERP index knows join the packet; the offline generators write no sketch (gold would
 * leak the answer's tables). The model is a server on loopback; the tables are the real index's.
 */
@ExtendWith(ErpIndex.class)
class SketchRecallStepITCase {

    /**
     * erp-sal-011's join: sales_orders.sales_rep_id → employees, plus a table that is not there.
     */
    private static final String SKETCH =
            "SELECT e.first_name, COUNT(*) FROM sales_orders so JOIN employees e ON e.employee_id ="
                    + " so.sales_rep_id JOIN rep_bonuses b ON b.rep_id = e.employee_id GROUP BY 1";

    private static HttpServer modelServer;

    @BeforeAll
    static void serve() throws IOException {
        modelServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        modelServer.createContext(
                "/sketching/v1/chat/completions",
                e ->
                        ErpFixture.reply(
                                e,
                                200,
                                "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                                        + "\"content\":\""
                                        + SKETCH
                                        + "\"},\"finish_reason\":\"stop\"}]}"));
        modelServer.createContext(
                "/refusing/v1/chat/completions", e -> ErpFixture.reply(e, 400, "{}"));
        modelServer.start();
    }

    @AfterAll
    static void stop() {
        modelServer.stop(0);
    }

    /** Retrieval found sales_orders only; the question also needs the rep's name. */
    private static RetrievalTask salesOrdersOnly() {
        return RetrievalTask.of(
                        task(
                                erp(
                                        "erp-sal-011",
                                        "How many orders did each sales representative take in"
                                                + " 2025? Show the rep's name.",
                                        null,
                                        List.of())))
                .withRetrieval(
                        new SchemaContextPacket(
                                "erp",
                                "rag_v1",
                                List.of(
                                        new PacketTable(
                                                "sales_orders",
                                                "Sales",
                                                "sales_orders(sales_order_id, sales_rep_id)",
                                                1.0,
                                                PacketTable.RETRIEVAL)),
                                List.of(),
                                List.of("Sales"),
                                List.of(),
                                List.of()),
                        null,
                        StageTrace.ok(Stage.RETRIEVE, 0, "test"));
    }

    private static RetrievalTask recalled(Map<String, String> settings, RetrievalTask in)
            throws Exception {
        try (SketchRecallStep step =
                new SketchRecallStep(ErpFixture.single(ErpFixture.config(settings)))) {
            return step.run(in).get(30, TimeUnit.SECONDS);
        }
    }

    private static Map<String, String> model(String path) {
        return Map.of(
                "PRE_SQL_ENABLED", "true",
                "generator", "openai",
                "llm_url", "http://127.0.0.1:" + modelServer.getAddress().getPort() + path,
                "llm_model", "test-model");
    }

    @Test
    void aTableTheSketchNamesAndRetrievalMissedJoinsThePacket() throws Exception {
        RetrievalTask t = recalled(model("/sketching/v1"), salesOrdersOnly());

        assertThat(t.packet().tableNames()).containsExactly("sales_orders", "employees");
        assertThat(t.packet().tables().get(1).source()).isEqualTo(PacketTable.PRE_SQL);
        assertThat(t.packet().tables().get(1).mSchema()).contains("employee_id");
        assertThat(t.packet().fkEdges())
                .contains(
                        new ForeignKey(
                                "sales_orders",
                                List.of("sales_rep_id"),
                                "employees",
                                List.of("employee_id")));
        StageTrace stage = last(t.stages());
        assertThat(stage.stage()).isEqualTo("pre_sql");
        assertThat(stage.detail())
                .contains("added [employees]")
                .contains("not in the database [rep_bonuses]");
    }

    @Test
    void theOfflineGeneratorsWriteNoSketchSoThePacketStaysAsRetrieved() throws Exception {
        for (String generator : List.of("gold", "baseline")) {
            RetrievalTask in = salesOrdersOnly();
            RetrievalTask t =
                    recalled(Map.of("PRE_SQL_ENABLED", "true", "generator", generator), in);

            assertThat(t.packet().tableNames()).containsExactly("sales_orders");
            assertThat(last(t.stages()).detail())
                    .startsWith("skipped: the " + generator + " generator writes no sketch");
        }
    }

    @Test
    void aModelServerThatFailsLeavesThePacketAsItWasAndSaysSo() throws Exception {
        RetrievalTask t = recalled(model("/refusing/v1"), salesOrdersOnly());

        assertThat(t.packet().tableNames()).containsExactly("sales_orders");
        assertThat(last(t.stages()).infraFailure()).isTrue();
        assertThat(last(t.stages()).detail()).startsWith("sketch failed");
    }

    @Test
    void anEmptyPacketIsNotSketchedFrom() throws Exception {
        RetrievalTask empty =
                RetrievalTask.of(task(erp("q", "?!", null, List.of())))
                        .withRetrieval(
                                new SchemaContextPacket(
                                        "erp", "none", List.of(), List.of(), List.of(), List.of(),
                                        List.of()),
                                null,
                                StageTrace.ok(Stage.RETRIEVE, 0, "test"));

        RetrievalTask t = recalled(model("/sketching/v1"), empty);

        assertThat(t.packet().tables()).isEmpty();
        assertThat(last(t.stages()).detail()).contains("no retrieved schema");
    }

    @Test
    void aVariantWithPreSqlOffPassesItsTaskUnchanged() throws Exception {
        RetrievalTask in = salesOrdersOnly();

        RetrievalTask t = recalled(Map.of("PRE_SQL_ENABLED", "false"), in);

        assertThat(t).isSameAs(in);
    }
}
