package dev.sqlexam.retrieval;

import dev.sqlexam.model.ModuleRoute;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ModuleRouterTest {

    private final Map<String, float[]> vectors =
            new LinkedHashMap<>(
                    Map.of(
                            "HR",
                            new float[] {1, 0, 0},
                            "Sales",
                            new float[] {0, 1, 0},
                            "Finance",
                            new float[] {0, 0, 1},
                            "CRM",
                            new float[] {0.7f, 0.7f, 0}));
    private final Map<String, List<String>> keywords =
            Map.of(
                    "HR",
                    List.of("employee", "salary"),
                    "Finance",
                    List.of("invoice"),
                    "Sales",
                    List.of("order"),
                    "CRM",
                    List.of("lead"));

    @Test
    void unitesKeywordMatchesWithCloseModulesAndCapsAtThree() {
        ModuleRouter router = new ModuleRouter(keywords, vectors, 0.6, 3);
        ModuleRoute route =
                router.route("Which employee raised an invoice?", new float[] {0, 1, 0});
        // keywords: HR, Finance (one match each, by name); embedding >= 0.6: Sales (1.0), CRM
        // (0.707)
        assertThat(route.modules()).containsExactly("Finance", "HR", "Sales");
        assertThat(route.method()).isEqualTo("keyword+embedding");
        assertThat(route.confidences()).containsKeys("HR", "Sales", "Finance", "CRM");
    }

    @Test
    void keywordsMatchWholeWordsOnly() {
        ModuleRouter router = new ModuleRouter(keywords, vectors, 0.99, 3);
        assertThat(router.route("Show the orders", new float[] {0, 0, 1}).modules())
                .containsExactly("Finance");
        assertThat(router.route("Show the order list", new float[] {0, 0, 1}).modules())
                .containsExactly("Sales", "Finance");
    }

    @Test
    void nothingRoutedMeansSearchEverything() {
        ModuleRouter router = new ModuleRouter(Map.of(), vectors, 0.999, 3);
        ModuleRoute route = router.route("?", new float[] {0.5f, 0.5f, 0.5f});
        assertThat(route.modules()).isNull();
        assertThat(route.method()).isEqualTo("none");
    }
}
