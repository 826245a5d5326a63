package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SuiteSchemaTest {

    private static SuiteSchema.Table table(String name, String... parents) {
        List<SuiteSchema.ForeignKey> fks =
                java.util.Arrays.stream(parents)
                        .map(
                                p ->
                                        new SuiteSchema.ForeignKey(
                                                "fk_" + p,
                                                List.of("id"),
                                                "\"public\".\"" + p + "\"",
                                                List.of("id"),
                                                ""))
                        .toList();
        return new SuiteSchema.Table(
                "public", name, List.of(), List.of(), List.of(), List.of(), fks);
    }

    private static List<String> order(SuiteSchema.Table... tables) {
        return new SuiteSchema(List.of(), List.of(tables), List.of(), List.of())
                .parentsFirst().stream().map(SuiteSchema.Table::name).toList();
    }

    @Test
    void eachStepTakesTheFirstTableWhoseParentsArePlaced() {
        assertThat(order(table("a", "c"), table("b"), table("c"))).containsExactly("b", "c", "a");
        assertThat(
                        order(
                                table("orders", "customers", "customers"),
                                table("customers"),
                                table("lines", "orders", "lines")))
                .containsExactly("customers", "orders", "lines");
    }

    @Test
    void aCycleIsBrokenAtItsFirstTableAndUnknownParentsAreIgnored() {
        assertThat(order(table("x", "y"), table("y", "x"), table("z", "elsewhere")))
                .containsExactly("z", "x", "y");
    }
}
