package dev.sqlexam.prompt;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class GlossesLinkerTest {

    private static final String ORDERS =
            "sales_orders (sales_order_id bigint PK, order_date date, status text, "
                    + "total_amt numeric(14, 2), is_rush boolean, customer_id bigint FK→customers)";
    private static final String LINES =
            "order_lines (order_line_id bigint PK, sales_order_id bigint FK→sales_orders, qty integer, "
                    + "\"UnitPrice\" numeric(12, 2))";

    @Test
    void readsMSchemaBackIncludingParenthesisedTypesAndQuotedNames() {
        List<MSchemaColumns.Col> cols = MSchemaColumns.parse(LINES);
        assertThat(cols)
                .extracting(MSchemaColumns.Col::name)
                .containsExactly("order_line_id", "sales_order_id", "qty", "UnitPrice");
        assertThat(cols.get(3).type()).isEqualTo("numeric(12, 2)");
        assertThat(cols.get(1).fkTable()).isEqualTo("sales_orders");
        assertThat(cols.get(0).pk()).isTrue();
        assertThat(MSchemaColumns.table(LINES)).isEqualTo("order_lines");
    }

    @Test
    void glossesSplitExpandAndHint() {
        Glosses.Gloss amt =
                Glosses.of(
                        "sales_orders",
                        new MSchemaColumns.Col("total_amt", "numeric(14, 2)", false, null));
        assertThat(amt.words()).containsExactly("total", "amount");
        assertThat(amt.hint()).isEqualTo("AMT");
        assertThat(amt.synonyms()).contains("total_amt", "amt", "amount", "total amount");
        assertThat(
                        Glosses.of("t", new MSchemaColumns.Col("order_date", "date", false, null))
                                .hint())
                .isEqualTo("DATE");
        assertThat(
                        Glosses.of("t", new MSchemaColumns.Col("is_rush", "boolean", false, null))
                                .hint())
                .isEqualTo("FLAG");
        assertThat(Glosses.of("t", new MSchemaColumns.Col("qty", "integer", false, null)).hint())
                .isEqualTo("QTY");
        assertThat(
                        Glosses.of(
                                        "t",
                                        new MSchemaColumns.Col(
                                                "customer_id", "bigint", false, "customers"))
                                .hint())
                .isEqualTo("FK→customers");
        assertThat(Glosses.annotate(ORDERS))
                .isEqualTo(
                        "sales_orders (sales_order_id bigint PK, order_date date [DATE], status text, "
                                + "total_amt numeric(14, 2) [AMT], is_rush boolean [FLAG], customer_id bigint FK→customers)");
    }

    @Test
    void matchScoresFollowTheSeed() {
        Glosses.Gloss date =
                Glosses.of(
                        "sales_orders", new MSchemaColumns.Col("order_date", "date", false, null));
        assertThat(SchemaLinker.matchScore("order date", date)).isEqualTo(1.0);
        assertThat(SchemaLinker.matchScore("orders", date)).isEqualTo(1.0);
        double prefix = SchemaLinker.matchScore("dat", date);
        assertThat(prefix).isBetween(0.8, 0.95).isCloseTo(0.8 + 0.15 * 3 / 4.0, within(1e-9));
        Glosses.Gloss qty =
                Glosses.of(
                        "order_lines",
                        new MSchemaColumns.Col("backorder_qty", "integer", false, null));
        assertThat(SchemaLinker.matchScore("order", qty)).isBetween(0.7, 0.79);
        assertThat(SchemaLinker.matchScore("zzz", qty)).isZero();
    }

    @Test
    void keyphrasesKeepQuotedValuesNumbersMetricsTokensAndBigrams() {
        List<SchemaLinker.Keyphrase> k =
                SchemaLinker.keyphrases("What is the total amount of 'pending' orders in 2024?");
        assertThat(k)
                .anySatisfy(
                        p ->
                                assertThat(p)
                                        .isEqualTo(
                                                new SchemaLinker.Keyphrase(
                                                        "pending", true, false, false)));
        assertThat(k)
                .anySatisfy(
                        p ->
                                assertThat(p)
                                        .isEqualTo(
                                                new SchemaLinker.Keyphrase(
                                                        "2024", false, true, false)));
        assertThat(k)
                .anySatisfy(
                        p ->
                                assertThat(p)
                                        .isEqualTo(
                                                new SchemaLinker.Keyphrase(
                                                        "total", false, false, true)));
        assertThat(k)
                .extracting(SchemaLinker.Keyphrase::text)
                .contains("amount", "orders", "total amount", "amount orders")
                .doesNotContain("the", "what");
    }

    @Test
    void linksColumnsRanksTablesAndWarnsAboutParentColumns() {
        List<PacketTable> tables =
                List.of(
                        new PacketTable("order_lines", "Sales", LINES, 0.9, PacketTable.RETRIEVAL),
                        new PacketTable(
                                "sales_orders", "Sales", ORDERS, 0.6, PacketTable.RETRIEVAL));
        List<ForeignKey> fks =
                List.of(
                        new ForeignKey(
                                "order_lines",
                                List.of("sales_order_id"),
                                "sales_orders",
                                List.of("sales_order_id")));
        SchemaLinker.Bundle b =
                SchemaLinker.link(
                        "Total quantity of order lines per order date for 'pending' orders",
                        tables,
                        fks);
        assertThat(b.linkedColumns())
                .anySatisfy(
                        l -> {
                            assertThat(l.table()).isEqualTo("sales_orders");
                            assertThat(l.column()).isEqualTo("order_date");
                            assertThat(l.score()).isEqualTo(1.0);
                        });
        assertThat(b.linkedTables()).contains("sales_orders", "order_lines");
        assertThat(b.columnWarnings())
                .contains(
                        "order_lines has no order_date: it is on sales_orders (JOIN sales_orders ON "
                                + "order_lines.sales_order_id = sales_orders.sales_order_id)");
        assertThat(b.valueHints())
                .singleElement()
                .asString()
                .startsWith("'pending' is a value")
                .contains("sales_orders.status");
        String rendered = SchemaLinker.render(b, List.of("x: y"));
        assertThat(rendered)
                .contains(
                        "## Schema Contract (MANDATORY)",
                        "### Required Tables",
                        "### Allowed Columns",
                        "### Column Warnings",
                        "### Value Hints",
                        "### Table Warnings (READ CAREFULLY)");
    }

    @Test
    void confusableTablesWarnOnlyWhenInPlayAndTriggered() {
        ConfusableTables c =
                new ConfusableTables(
                        List.of(
                                new ConfusableTables.Entry(
                                        "sales_regions",
                                        List.of("region", "by region"),
                                        "use the address chain")));
        assertThat(c.warnings("Sales by region in 2024", List.of("sales_orders", "sales_regions")))
                .containsExactly("sales_regions: use the address chain");
        assertThat(c.warnings("Sales by region in 2024", List.of("sales_orders"))).isEmpty();
        assertThat(c.warnings("Sales by regional manager", List.of("sales_regions"))).isEmpty();
        ConfusableTables erp =
                ConfusableTables.forDatabase(
                        dev.sqlexam.database.TestDatabase.migrationsDir(), "erp");
        assertThat(erp.warnings("What were sales by region?", List.of("sales_regions")))
                .singleElement()
                .asString()
                .contains("states_provinces");
    }
}
