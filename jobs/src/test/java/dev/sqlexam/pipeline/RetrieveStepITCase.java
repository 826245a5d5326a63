package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retrieve step on the indexed ERP database (docs/pipeline.md, "Schema retrieval"): V1 feeds
 * the packet, recall against the gold tables is measured, and a question it cannot retrieve for is
 * a record that says why, never a crash.
 */
@ExtendWith(ErpIndex.class)
class RetrieveStepITCase {

    private static EmbedStep embed;
    private static RouteStep route;
    private static RetrieveStep retrieve;

    @BeforeAll
    static void open() {
        Variants<RetrievalSpec> specs = ErpFixture.single(ErpFixture.config(Map.of()).retrieval());
        embed = new EmbedStep(specs);
        route = new RouteStep(specs);
        retrieve = new RetrieveStep(specs);
    }

    @AfterAll
    static void close() {
        retrieve.close();
        route.close();
        embed.close();
    }

    private static RetrievalTask retrieved(ExamQuestion q) throws Exception {
        return retrieve.run(route.apply(embed.apply(task(q)))).get(30, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "{0} reads {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "erp-hr-002 | How many departments does the company have? | departments",
                "erp-hr-006 | Which types of leave are unpaid? | leave_types",
                "erp-hr-009 | Show each job grade with its salary band, from the lowest paid grade"
                        + " to the highest. | job_grades",
                "erp-fin-003 | List our expense accounts by account number. | gl_accounts"
            })
    void anEasyQuestionGetsTheTableItsGoldReads(String id, String question, String goldTable)
            throws Exception {
        RetrievalTask t = retrieved(erp(id, question, null, List.of(goldTable)));

        assertThat(t.packet().strategy()).isEqualTo("rag_v1");
        assertThat(t.packet().tableNames()).contains(goldTable);
        assertThat(t.retrieval().v1().recall()).isEqualTo(1.0);
        assertThat(t.retrieval().v1().fullRecall()).isTrue();
        StageTrace stage = last(t.stages());
        assertThat(stage.stage()).isEqualTo("retrieve");
        assertThat(stage.detail()).isEqualTo("rag_v1: " + t.packet().tables().size() + " tables");
    }

    @Test
    void aJoinQuestionGetsBothTablesAndTheForeignKeyBetweenThem() throws Exception {
        // erp-sal-011: sales_orders.sales_rep_id references employees
        RetrievalTask t =
                retrieved(
                        erp(
                                "erp-sal-011",
                                "How many orders did each sales representative take in 2025?"
                                        + " Show the rep's name.",
                                null,
                                List.of("employees", "sales_orders")));

        assertThat(t.packet().tableNames()).contains("sales_orders", "employees");
        assertThat(t.packet().fkEdges())
                .contains(
                        new ForeignKey(
                                "sales_orders",
                                List.of("sales_rep_id"),
                                "employees",
                                List.of("employee_id")));
    }

    @Test
    void theConfusableSalesRegionsTableComesWithItsWarning() throws Exception {
        // docs/erp-database.md: sales_regions has no link to orders; regional sales go through the
        // customer's address chain
        RetrievalTask t =
                retrieved(
                        erp(
                                "erp-sal-018",
                                "What were our 2024 sales by region, based on where customers"
                                        + " are located? Exclude cancelled orders.",
                                null,
                                List.of()));

        assertThat(t.packet().tableNames()).contains("sales_regions");
        assertThat(t.packet().tableWarnings())
                .anySatisfy(w -> assertThat(w).startsWith("sales_regions:").contains("addresses"));
    }

    @Test
    void aQuestionWithoutWordsIsBadInputNotAnInfrastructureFailure() throws Exception {
        RetrievalTask t = retrieved(erp("q", "?!", null, List.of()));

        assertThat(t.packet().tables()).isEmpty();
        StageTrace stage = last(t.stages());
        assertThat(stage.status()).isEqualTo("error");
        assertThat(stage.errorClass()).isEqualTo("bad_input");
        assertThat(stage.infraFailure()).isFalse();
    }

    @Test
    void aQuestionWithoutAVectorIsAnInfraFailure() throws Exception {
        RetrievalTask unembedded =
                RetrievalTask.of(task(erp("q", "How many departments?", null, List.of())));

        RetrievalTask t = retrieve.run(unembedded).get(30, TimeUnit.SECONDS);

        assertThat(t.packet().tables()).isEmpty();
        assertThat(last(t.stages()).infraFailure()).isTrue();
        assertThat(last(t.stages()).detail()).contains("no question vector");
    }

    @Test
    void aRetrievalPastTheTimeLimitIsAnInfraFailureWithAnEmptyPacket() {
        RetrievalTask late =
                retrieve.timedOut(
                        RetrievalTask.of(task(erp("q", "How many departments?", null, List.of()))));

        assertThat(late.packet().databaseId()).isEqualTo("erp");
        assertThat(late.packet().tables()).isEmpty();
        assertThat(last(late.stages()).infraFailure()).isTrue();
        assertThat(last(late.stages()).detail()).contains("async time limit");
    }
}
