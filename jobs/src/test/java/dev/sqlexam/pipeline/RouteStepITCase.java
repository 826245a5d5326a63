package dev.sqlexam.pipeline;

import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The route step on the ERP database's module mapping (migrations/erp/module_mapping.json): keyword
 * rules first, ordered by how many of a module's keywords the question names, united with the
 * modules whose description vectors are close, at most 3.
 */
@ExtendWith(ErpIndex.class)
class RouteStepITCase {

    private static final List<String> ERP_MODULES =
            List.of(
                    "HR",
                    "Finance",
                    "Sales",
                    "Inventory",
                    "Purchasing",
                    "Projects",
                    "Manufacturing",
                    "CRM");

    private static EmbedStep embed;
    private static RouteStep route;

    @BeforeAll
    static void open() {
        Variants<RetrievalSpec> specs = ErpFixture.single(ErpFixture.config(Map.of()).retrieval());
        embed = new EmbedStep(specs);
        route = new RouteStep(specs);
    }

    @AfterAll
    static void close() {
        route.close();
        embed.close();
    }

    private static RetrievalTask routed(String question) {
        return route.apply(embed.apply(task(erp("q", question, null, List.of()))));
    }

    @Test
    void anHrQuestionIsRoutedToHrFirst() {
        // erp-hr-001: "employees" is an HR keyword, and no other module's
        RetrievalTask t = routed("How many employees are currently active?");

        ModuleRoute r = t.route();
        assertThat(r.modules()).first().isEqualTo("HR");
        assertThat(r.modules()).hasSizeLessThanOrEqualTo(3);
        assertThat(r.method()).startsWith("keyword");
        assertThat(r.confidences()).containsOnlyKeys(ERP_MODULES);
        StageTrace stage = last(t.stages());
        assertThat(stage.stage()).isEqualTo("route");
        assertThat(stage.status()).isEqualTo("ok");
        assertThat(stage.detail()).contains("HR");
    }

    @Test
    void theModuleNamingMoreKeywordsComesFirst() {
        // erp-fin-010: "invoices" and "overdue" are Finance's, "customer" is Sales' ("unpaid" is
        // not "paid")
        ModuleRoute r =
                routed(
                                "How much is still owed to us on unpaid invoices (open or overdue),"
                                        + " broken down by customer type?")
                        .route();

        assertThat(r.modules()).startsWith("Finance", "Sales");
    }

    @Test
    void aCrossModuleQuestionKeepsEveryModuleItNames() {
        // erp-x-002: the gold reads sales_orders (Sales), employees and departments (HR)
        ModuleRoute r =
                routed(
                                "What were 2025 sales (not cancelled) by the department of the"
                                        + " sales representative who took the order?")
                        .route();

        assertThat(r.modules()).startsWith("Sales").contains("HR").hasSizeLessThanOrEqualTo(3);
    }

    @Test
    void aQuestionWithoutAVectorIsNotRoutedAndSaysWhy() {
        RetrievalTask unembedded = RetrievalTask.of(task(erp("q", "Any?", null, List.of())));

        RetrievalTask t = route.apply(unembedded);

        assertThat(t.route().modules()).as("null: search every module").isNull();
        assertThat(t.route().method()).isEqualTo("none");
        assertThat(last(t.stages()).detail()).isEqualTo("skipped: no question vector");
    }

    @Test
    void withTheRouterOffEveryModuleIsSearched() {
        Variants<RetrievalSpec> off =
                ErpFixture.single(
                        ErpFixture.config(Map.of("MODULE_ROUTER_ENABLED", "false")).retrieval());
        try (RouteStep disabled = new RouteStep(off)) {
            RetrievalTask t =
                    disabled.apply(
                            embed.apply(
                                    task(
                                            erp(
                                                    "q",
                                                    "How many employees are currently active?",
                                                    null,
                                                    List.of()))));

            assertThat(t.route().modules()).isNull();
            assertThat(t.route().method()).isEqualTo("disabled");
        }
    }

    @Test
    void aDatabaseWithoutAnIndexIsAnInfraFailureOfTheRouteStep() {
        RetrievalTask t =
                route.apply(
                        embed.apply(
                                task(
                                        ErpFixture.on(
                                                "never_indexed_db",
                                                "q",
                                                "How many employees?",
                                                null,
                                                List.of()))));

        assertThat(t.route().modules()).isNull();
        StageTrace stage = last(t.stages());
        assertThat(stage.infraFailure()).isTrue();
        assertThat(stage.detail()).contains("never_indexed_db");
    }
}
