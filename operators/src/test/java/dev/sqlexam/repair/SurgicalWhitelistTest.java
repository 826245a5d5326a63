package dev.sqlexam.repair;

import dev.sqlexam.model.WhitelistResult;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SurgicalWhitelistTest {

    private static final SurgicalWhitelist.Config ACTIVE =
            SurgicalWhitelist.Config.defaults(dev.sqlexam.config.Choices.WhitelistMode.ACTIVE);

    private static WhitelistResult run(String sql, String message) {
        return SurgicalWhitelist.process(
                sql, message, AutocorrectTest.COLUMNS, AutocorrectTest.FKS, true, false, ACTIVE);
    }

    @Test
    void aSingleContainedCandidateIsRewrittenByTheActiveTier() {
        WhitelistResult r =
                run("SELECT AVG(e.salary) FROM employees e", "column e.salary does not exist");
        assertThat(r.table()).isEqualTo("employees");
        assertThat(r.whitelist()).containsKey("employees");
        assertThat(r.active().passed()).as(String.valueOf(r.active().failedGate())).isTrue();
        assertThat(r.active().correctedSql())
                .isEqualTo("SELECT AVG(e.salary_amt) FROM employees e");
        assertThat(r.observe().passed()).isTrue();
    }

    @Test
    void eachGateCanStopIt() {
        assertThat(
                        run("SELECT e.year FROM employees e", "column e.year does not exist")
                                .active()
                                .failedGate())
                .startsWith("1");
        assertThat(
                        run("SELECT x.salary FROM employees e", "column x.salary does not exist")
                                .active()
                                .failedGate())
                .startsWith("2");
        assertThat(
                        SurgicalWhitelist.process(
                                        "SELECT AVG(e.salary) FROM employees e",
                                        "column e.salary does not exist",
                                        AutocorrectTest.COLUMNS,
                                        AutocorrectTest.FKS,
                                        true,
                                        true,
                                        ACTIVE)
                                .active()
                                .failedGate())
                .startsWith("3");
        assertThat(
                        run("SELECT e.zzz FROM employees e", "column e.zzz does not exist")
                                .active()
                                .failedGate())
                .startsWith("4");
        assertThat(
                        run("SELECT e.name FROM employees e", "column e.name does not exist")
                                .active()
                                .failedGate())
                .as("first_name and last_name both contain it")
                .startsWith("6");
        assertThat(
                        run(
                                        "SELECT e.hire_dte FROM employees e",
                                        "column e.hire_dte does not exist")
                                .active()
                                .failedGate())
                .as("close by edit distance, but no containment")
                .startsWith("8");
        assertThat(SurgicalWhitelist.risky("vendor_name", "vendor_number", ACTIVE)).isTrue();
        assertThat(SurgicalWhitelist.risky("total_amt", "total_amount", ACTIVE)).isFalse();
        assertThat(SurgicalWhitelist.risky("order_amount", "order_total", ACTIVE)).isTrue();
    }

    @Test
    void passedAlwaysComesWithCorrectedSql() {
        for (String ref :
                List.of(
                        "salary",
                        "hire",
                        "first",
                        "name",
                        "dept",
                        "employee",
                        "hire_dt",
                        "salary_amount",
                        "dept_identifier")) {
            WhitelistResult r =
                    run(
                            "SELECT e." + ref + " FROM employees e",
                            "column e." + ref + " does not exist");
            if (r.active().passed()) assertThat(r.active().correctedSql()).as(ref).isNotBlank();
            else assertThat(r.active().correctedSql()).as(ref).isNull();
        }
    }

    @Test
    void theWhitelistCoversTheTableAndItsFkNeighbours() {
        WhitelistResult r =
                SurgicalWhitelist.process(
                        "SELECT ol.order_dt FROM order_lines ol",
                        "column ol.order_dt does not exist",
                        AutocorrectTest.COLUMNS,
                        AutocorrectTest.FKS,
                        true,
                        false,
                        SurgicalWhitelist.Config.defaults(
                                dev.sqlexam.config.Choices.WhitelistMode.OBSERVE));
        assertThat(r.whitelist()).containsOnlyKeys("order_lines", "sales_orders");
        assertThat(SurgicalWhitelist.render(r.whitelist()))
                .anySatisfy(l -> assertThat(l).startsWith("sales_orders: ").contains("order_date"));
        assertThat(r.whitelist().get("order_lines"))
                .isEqualTo(
                        List.copyOf(
                                new java.util.TreeSet<>(
                                        Set.of(
                                                "order_line_id",
                                                "sales_order_id",
                                                "qty",
                                                "unit_price"))));
    }
}
