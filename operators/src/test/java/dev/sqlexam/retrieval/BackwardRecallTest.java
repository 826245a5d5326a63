package dev.sqlexam.retrieval;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class BackwardRecallTest {

    private static SchemaCatalog catalog() {
        Map<String, RagStore.StoredTable> tables = new LinkedHashMap<>();
        tables.put(
                "orders",
                new RagStore.StoredTable(
                        "orders",
                        "Sales",
                        "orders (order_id bigint PK, customer_id bigint FK→customers)",
                        ""));
        tables.put(
                "customers",
                new RagStore.StoredTable(
                        "customers",
                        "CRM",
                        "customers (customer_id bigint PK, region_id bigint FK→regions)",
                        ""));
        tables.put(
                "regions",
                new RagStore.StoredTable(
                        "regions", "CRM", "regions (region_id bigint PK, name text)", ""));
        tables.put(
                "Payments",
                new RagStore.StoredTable(
                        "Payments", "Finance", "\"Payments\" (payment_id bigint PK)", ""));
        return new SchemaCatalog(
                "shop",
                tables,
                List.of(
                        new ForeignKey(
                                "orders",
                                List.of("customer_id"),
                                "customers",
                                List.of("customer_id")),
                        new ForeignKey(
                                "customers",
                                List.of("region_id"),
                                "regions",
                                List.of("region_id"))));
    }

    private static SchemaContextPacket ordersOnly() {
        return new SchemaContextPacket(
                "shop",
                "rag_v1",
                List.of(
                        new PacketTable(
                                "orders",
                                "Sales",
                                "orders (order_id bigint PK)",
                                0.9,
                                PacketTable.RETRIEVAL)),
                List.of(),
                List.of("Sales"),
                List.of("a doc chunk"),
                List.of());
    }

    @Test
    void readsTablesFromJoinsSubqueriesAndQuotedOrQualifiedNames() {
        assertThat(
                        BackwardRecall.tablesOf(
                                "SELECT r.name, COUNT(*) FROM public.orders o JOIN customers c ON c.customer_id = o.customer_id "
                                        + "JOIN \"regions\" r USING (region_id) WHERE o.order_id IN (SELECT order_id FROM \"Payments\") GROUP BY r.name"))
                .containsExactlyInAnyOrder(
                        "public.orders", "customers", "\"regions\"", "\"Payments\"");
    }

    @Test
    void anUnparsableSketchStillYieldsItsFromAndJoinTables() {
        assertThat(
                        BackwardRecall.tablesOf(
                                "SELECT region, SUM(x) FROM orders JOIN customers ON WHERE ??? GROUP"))
                .containsExactly("orders", "customers");
    }

    @Test
    void missingTablesJoinThePacketWithTheirEdgesAndModules() {
        BackwardRecall.Recall r =
                BackwardRecall.recall(
                        catalog(),
                        ordersOnly(),
                        new java.util.LinkedHashSet<>(
                                List.of(
                                        "public.orders",
                                        "customers",
                                        "\"regions\"",
                                        "payments",
                                        "cte_totals")));
        assertThat(r.added()).containsExactly("customers", "regions", "Payments");
        assertThat(r.unknown()).containsExactly("cte_totals");
        assertThat(r.packet().tableNames())
                .containsExactly("orders", "customers", "regions", "Payments");
        assertThat(r.packet().tables().get(1).source()).isEqualTo(PacketTable.PRE_SQL);
        assertThat(r.packet().tables().get(0).mSchema())
                .as("retrieved tables untouched")
                .isEqualTo("orders (order_id bigint PK)");
        assertThat(r.packet().fkEdges()).hasSize(2);
        assertThat(r.packet().modules()).containsExactly("Sales", "CRM", "Finance");
        assertThat(r.packet().docChunks()).containsExactly("a doc chunk");
    }

    @Test
    void aSketchWithinThePacketChangesNothing() {
        SchemaContextPacket packet = ordersOnly();
        BackwardRecall.Recall r = BackwardRecall.recall(catalog(), packet, Set.of("orders"));
        assertThat(r.packet()).isSameAs(packet);
        assertThat(r.added()).isEmpty();
    }

    @Test
    void tablesScannedFromFromAndJoinSayWhy() {
        BackwardRecall.Referenced read =
                BackwardRecall.referenced(
                        "SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id");
        assertThat(read.scannedBecause()).isNull();
        BackwardRecall.Referenced scanned =
                BackwardRecall.referenced(
                        "SELECT * FROM orders o JOIN customers c ON c.id OPERATOR(pg_catalog.=) o.customer_id");
        assertThat(scanned.tables()).containsExactly("orders", "customers");
        assertThat(scanned.scannedBecause()).startsWith("JSqlParser could not read the sketch");
    }
}
