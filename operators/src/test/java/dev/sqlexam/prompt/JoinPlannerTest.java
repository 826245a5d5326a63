package dev.sqlexam.prompt;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.JoinPlan;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class JoinPlannerTest {

    private static ForeignKey fk(String from, String col, String to, String toCol) {
        return new ForeignKey(from, List.of(col), to, List.of(toCol));
    }

    private static final List<ForeignKey> KEYS =
            List.of(
                    fk("order_lines", "order_id", "orders", "order_id"),
                    fk("order_lines", "product_id", "products", "product_id"),
                    fk("orders", "customer_id", "customers", "customer_id"),
                    fk("orders", "rep_id", "employees", "employee_id"),
                    fk("customers", "address_id", "addresses", "address_id"),
                    fk("addresses", "city_id", "cities", "city_id"),
                    fk("cities", "state_id", "states", "state_id"),
                    fk("leave", "employee_id", "employees", "employee_id"),
                    fk("payslips", "employee_id", "employees", "employee_id"),
                    fk("employees", "dept_id", "departments", "dept_id"));

    private static final Map<String, String> MODULES =
            new LinkedHashMap<>(
                    Map.of(
                            "order_lines",
                            "Sales",
                            "orders",
                            "Sales",
                            "customers",
                            "Sales",
                            "addresses",
                            "Sales",
                            "cities",
                            "Sales",
                            "states",
                            "Sales",
                            "products",
                            "Inventory",
                            "employees",
                            "HR",
                            "leave",
                            "HR",
                            "payslips",
                            "HR"));

    static {
        MODULES.put("departments", "HR");
    }

    private final JoinPlanner planner = new JoinPlanner(JoinPlanner.Options.defaults());
    private final FkGraph graph = new FkGraph(MODULES, KEYS);

    @Test
    void walksTheAddressChainForRegionalQuestions() {
        JoinPlan plan = planner.plan(graph, List.of("orders", "states"));
        assertThat(plan.paths())
                .singleElement()
                .extracting(JoinPlan.Path::describe)
                .isEqualTo("orders → customers → addresses → cities → states");
        assertThat(plan.bridgeTables()).containsExactly("customers", "addresses", "cities");
        assertThat(plan.skeleton())
                .isEqualTo(
                        """
                FROM orders
                JOIN customers ON orders.customer_id = customers.customer_id
                JOIN addresses ON customers.address_id = addresses.address_id
                JOIN cities ON addresses.city_id = cities.city_id
                JOIN states ON cities.state_id = states.state_id""");
        assertThat(plan.crossModule()).isFalse();
    }

    @Test
    void joinsEveryRequiredTableAndMarksCrossModuleBridges() {
        JoinPlan plan = planner.plan(graph, List.of("order_lines", "departments", "products"));
        assertThat(plan.paths())
                .extracting(JoinPlan.Path::describe)
                .containsExactly(
                        "order_lines → orders → employees → departments", "order_lines → products");
        assertThat(plan.crossModule()).isTrue();
        assertThat(plan.bridgeTables()).containsExactly("orders", "employees");
    }

    @Test
    void yenFindsAlternativesShortestFirst() {
        List<ForeignKey> keys = new java.util.ArrayList<>(KEYS);
        keys.add(fk("payslips", "order_ref", "orders", "order_id"));
        FkGraph g = new FkGraph(MODULES, keys);
        List<JoinPlan.Path> paths =
                planner.kShortest(g, "orders", "payslips", 100, Set.of("orders", "payslips"));
        assertThat(paths)
                .extracting(JoinPlan.Path::describe)
                .containsExactly("orders → payslips", "orders → employees → payslips");
        assertThat(paths.get(0).score()).isLessThan(paths.get(1).score());
    }

    @Test
    void childToParentStepsScoreBetter() {
        double down = planner.score(graph, List.of("orders", "order_lines"), List.of(KEYS.get(0)));
        double up = planner.score(graph, List.of("order_lines", "orders"), List.of(KEYS.get(0)));
        assertThat(up).isEqualTo(1.0);
        assertThat(down).isEqualTo(1.1);
    }

    @Test
    void hubsAreNotWalkedThroughUnlessRequired() {
        JoinPlanner tight = new JoinPlanner(new JoinPlanner.Options(3, true, false, 2, true, 5));
        JoinPlan plan = tight.plan(graph, List.of("leave", "departments"));
        assertThat(plan.paths()).isEmpty();
        assertThat(plan.note()).contains("not every required table");
        JoinPlan withHub = tight.plan(graph, List.of("leave", "employees", "departments"));
        assertThat(withHub.paths())
                .extracting(JoinPlan.Path::describe)
                .containsExactly("leave → employees", "employees → departments");
    }

    @Test
    void fewerThanTwoTablesNeedNoJoin() {
        assertThat(planner.plan(graph, List.of("orders")).skeleton()).isEmpty();
        assertThat(planner.plan(graph, List.of("unknown", "orders")).note())
                .isEqualTo("one table: no join");
    }
}
