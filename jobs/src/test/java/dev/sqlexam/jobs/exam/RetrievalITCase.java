package dev.sqlexam.jobs.exam;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.retrieval.Hit;
import dev.sqlexam.retrieval.QuestionTerms;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalConfig;
import dev.sqlexam.retrieval.RetrievalService;
import dev.sqlexam.retrieval.SearchRequest;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The index job and retrieval on the real PostgreSQL + pgvector, with the in-process embedding
 * model.
 */
class RetrievalITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    private static final EmbeddingProviders ONNX =
            new EmbeddingProviders(dev.sqlexam.config.Choices.EmbeddingProvider.ONNX, null, null);
    private static JdbcUrlTemplate admin;
    private static Path migrations;
    private static RagStore store;
    private static EmbeddingProvider embedder;
    private static RetrievalService service;

    @BeforeAll
    static void index() throws Exception {
        admin = new JdbcUrlTemplate(TestDatabase.url());
        migrations = Home.migrations();
        Migrations.migrateAll(admin, migrations);
        createAwkwardDatabase();
        IndexRun run =
                new IndexRun(
                        admin,
                        dev.sqlexam.database.TestDatabase.state(),
                        ONNX,
                        migrations,
                        new PrintStream(new ByteArrayOutputStream()));
        run.run("erp", false, FlinkTarget.local(), 2);
        run.run("rag_awkward", true, FlinkTarget.local(), 2);
        store = RagStore.open(TestDatabase.state(), ConnectionPolicy.DEFAULT);
        embedder = ONNX.create();
        service =
                new RetrievalService(
                        store,
                        embedder.model(),
                        embedder.dimensions(),
                        RetrievalConfig.defaults(),
                        migrations);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    /**
     * No foreign keys, no comments, quoted mixed-case names, three schemas, one table per schema
     * shadowed.
     */
    private static void createAwkwardDatabase() throws Exception {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS rag_awkward WITH (FORCE)");
            st.execute("CREATE DATABASE rag_awkward");
        }
        try (Connection c = DriverManager.getConnection(admin.forDatabase("rag_awkward"));
                Statement st = c.createStatement()) {
            st.execute(
                    """
                    CREATE SCHEMA "Sales";
                    CREATE SCHEMA hr;
                    CREATE TABLE "Sales"."OrderLines" ("LineId" int PRIMARY KEY, "Qty" int, "UnitPrice" numeric, "OrderRef" int);
                    CREATE TABLE "Sales"."Orders" ("OrderId" int PRIMARY KEY, "OrderedOn" date, "CustomerName" text);
                    CREATE TABLE hr.staff (id int PRIMARY KEY, full_name text, monthly_salary numeric, hired_on date);
                    CREATE TABLE hr.vacation_days (id int PRIMARY KEY, staff_ref int, day date);
                    CREATE TABLE public.warehouses (id int PRIMARY KEY, city text, capacity numeric);
                    CREATE TABLE public.shipments (id int PRIMARY KEY, warehouse_ref int, shipped_on date, weight_kg numeric);
                    CREATE TABLE public.carriers (id int PRIMARY KEY, carrier_name text);
                    CREATE TABLE public.invoices (id int PRIMARY KEY, amount numeric, due date);
                    CREATE TABLE public.payments (id int PRIMARY KEY, invoice_ref int, paid numeric);
                    CREATE TABLE public.products (id int PRIMARY KEY, product_name text, price numeric);
                    CREATE TABLE public.suppliers (id int PRIMARY KEY, supplier_name text);""");
        }
    }

    private RetrievalService.Outcome ask(String db, String question) throws Exception {
        float[] v = embedder.embed(question);
        ModuleRoute route = service.route(db, question, v);
        return service.retrieve(db, question, v, route, List.of());
    }

    @Test
    void aSecondIndexRunOfAnUnchangedSchemaDoesNothing() throws Exception {
        IndexRun.Result again =
                new IndexRun(
                                admin,
                                dev.sqlexam.database.TestDatabase.state(),
                                ONNX,
                                migrations,
                                new PrintStream(new ByteArrayOutputStream()))
                        .run("erp", false, FlinkTarget.local(), 2);
        assertThat(again.wasFresh()).isTrue();
        IndexRun.Result forced =
                new IndexRun(
                                admin,
                                dev.sqlexam.database.TestDatabase.state(),
                                ONNX,
                                migrations,
                                new PrintStream(new ByteArrayOutputStream()))
                        .run("erp", true, FlinkTarget.local(), 2);
        assertThat(forced.embedded()).as("unchanged stable text is never re-embedded").isZero();
        assertThat(forced.skipped()).isEqualTo(87 + 560);
    }

    @Test
    void retrievesTheTablesAQuestionIsAbout() throws Exception {
        RetrievalService.Outcome o =
                ask("erp", "How many purchase orders did each buyer place in 2024?");
        assertThat(o.packet().tableNames()).contains("purchase_orders");
        assertThat(o.trace().routeMethod()).isNotEqualTo("none");
        assertThat(o.trace().v1Tables()).isNotEmpty();
        assertThat(o.trace().v2Tables()).isNotEmpty();
        assertThat(o.packet().tables())
                .allSatisfy(t -> assertThat(t.mSchema()).startsWith(t.name() + " ("));
        assertThat(o.packet().docChunks()).isNotEmpty();
    }

    @Test
    void badQuestionsGetAClearErrorOrASaneResultNeverACrash() throws Exception {
        assertThat(ask("erp", "").trace().error()).contains("no words");
        assertThat(ask("erp", "?!?... ;--").trace().error()).contains("no words");
        RetrievalService.Outcome huge =
                ask("erp", "Which warehouse holds the most inventory value? ".repeat(250));
        assertThat(huge.trace().error()).isNull();
        assertThat(huge.packet().tableNames()).isNotEmpty().hasSizeLessThanOrEqualTo(12);
        RetrievalService.Outcome injection =
                ask("erp", "employees' | ! & :* ( drop table employees; --");
        assertThat(injection.trace().error()).isNull();
    }

    @Test
    void databasesWithoutKeysOrCommentsAndWithQuotedNamesAndSchemasWork() throws Exception {
        RetrievalService.Outcome lines =
                ask("rag_awkward", "What is the total quantity on order lines?");
        assertThat(lines.packet().strategy()).isEqualTo("rag_v1");
        assertThat(lines.packet().tableNames()).contains("\"Sales\".\"OrderLines\"");
        assertThat(lines.packet().fkEdges()).isEmpty();
        RetrievalService.Outcome staff =
                ask("rag_awkward", "What is the average monthly salary of staff?");
        assertThat(staff.packet().tableNames()).contains("hr.staff");
        assertThat(staff.trace().modules() == null || staff.trace().modules().contains("hr"))
                .isTrue();
    }

    /**
     * A question's searches go to the server together, in one round trip: each answer is the one
     * the search gets alone, whatever its neighbours (another database, modules, no terms, one
     * wider than the session's HNSW candidate list, the same search twice).
     */
    @Test
    void searchesSentTogetherAnswerAsEachSentAlone() throws Exception {
        String question = "Which customers placed the most sales orders in 2024?";
        float[] vector = embedder.embed(question);
        String model = embedder.model();
        int dims = embedder.dimensions();
        List<String> terms = QuestionTerms.of(question);
        List<SearchRequest> requests =
                List.of(
                        SearchRequest.vector(
                                "erp", model, dims, "table", vector, null, List.of(), 15),
                        SearchRequest.text("erp", model, "table", terms, null, List.of(), 15),
                        SearchRequest.vector(
                                "erp",
                                model,
                                dims,
                                "column",
                                vector,
                                List.of("Sales"),
                                List.of(),
                                50),
                        SearchRequest.text("erp", model, "table", List.of(), null, List.of(), 15),
                        SearchRequest.vector(
                                "erp", model, dims, "column", vector, null, List.of(), 80),
                        SearchRequest.vector(
                                "rag_awkward",
                                model,
                                dims,
                                "table",
                                vector,
                                null,
                                List.of("hr"),
                                5),
                        SearchRequest.vector(
                                "erp", model, dims, "table", vector, null, List.of(), 15));
        List<List<Hit>> together = store.searchAll(requests);
        assertThat(together).hasSameSizeAs(requests);
        for (int i = 0; i < requests.size(); i++)
            assertThat(together.get(i))
                    .as(requests.get(i).toString())
                    .isEqualTo(store.search(requests.get(i)));
        assertThat(together.get(0)).hasSize(15);
        assertThat(together.get(1)).isNotEmpty();
        assertThat(together.get(2))
                .isNotEmpty()
                .allSatisfy(h -> assertThat(h.module()).isEqualTo("Sales"));
        assertThat(together.get(3)).isEmpty();
        assertThat(together.get(4)).hasSize(80);
        assertThat(together.get(5)).isNotEmpty();
        assertThat(together.get(6)).isEqualTo(together.get(0));
    }
}
