package dev.sqlexam.retrieval;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.RetrievalScores;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Every retrieval formula of the seeds, against numbers computed by hand. */
class RetrievalFormulasTest {

    private static Hit hit(String table, String column, boolean generic, double score, int rank) {
        return new Hit(table, column, "m", generic, score, rank);
    }

    @Test
    void reciprocalRankFusionSumsOneOverKPlusRank() {
        List<Hit> cosine =
                List.of(
                        hit("a", null, false, 0.9, 1),
                        hit("b", null, false, 0.8, 2),
                        hit("c", null, false, 0.7, 3));
        List<Hit> text = List.of(hit("c", null, false, 3.0, 1), hit("a", null, false, 2.0, 2));
        LinkedHashMap<String, Double> fused = RankFusion.rrf(List.of(cosine, text), 60);
        assertThat(fused.get("a")).isCloseTo(1 / 61.0 + 1 / 62.0, within(1e-12));
        assertThat(fused.get("c")).isCloseTo(1 / 63.0 + 1 / 61.0, within(1e-12));
        assertThat(fused.get("b")).isCloseTo(1 / 62.0, within(1e-12));
        assertThat(fused.keySet()).containsExactly("a", "c", "b");
    }

    @Test
    void rrfCountsATableOncePerListEvenWithSeveralHits() {
        List<Hit> columns =
                List.of(
                        hit("a", "x", false, 0.9, 1),
                        hit("a", "y", false, 0.8, 2),
                        hit("b", "z", false, 0.7, 3));
        LinkedHashMap<String, Double> fused = RankFusion.rrf(List.of(columns), 60);
        assertThat(fused.get("b")).isCloseTo(1 / 62.0, within(1e-12));
    }

    @Test
    void v2ColumnScoreIsTopOnePlusHalfTopTwoWithGenericDownweight() {
        Map<String, Double> scores =
                RetrieverV2.columnScores(
                        List.of(
                                hit("orders", "order_date", false, 0.60, 1),
                                        hit("orders", "status", true, 0.80, 2),
                                hit("orders", "customer_id", false, 0.30, 3),
                                        hit("lines", "qty", false, 0.50, 4)),
                        0.7);
        // orders: 0.80 * 0.7 = 0.56 (generic), 0.60, 0.30 → top1 0.60 + 0.5 * 0.56 = 0.88
        assertThat(scores.get("orders")).isCloseTo(0.88, within(1e-12));
        assertThat(scores.get("lines")).isCloseTo(0.50, within(1e-12));
    }

    @Test
    void v2FusionWeighsTableSixTenthsAndColumnFourTenths() {
        RetrievalConfig cfg = RetrievalConfig.defaults();
        LinkedHashMap<String, Double> fused =
                RetrieverV2.fuse(
                        Map.of("orders", 0.70, "customers", 0.50),
                        Map.of("orders", 0.88, "lines", 0.50),
                        cfg);
        assertThat(fused.get("orders")).isCloseTo(0.6 * 0.70 + 0.4 * 0.88, within(1e-12));
        assertThat(fused.get("customers")).isCloseTo(0.30, within(1e-12));
        assertThat(fused.get("lines")).isCloseTo(0.20, within(1e-12));
        assertThat(fused.keySet()).containsExactly("orders", "customers", "lines");
    }

    @Test
    void v2ExpansionOnlyAddsNeighboursWithEvidenceAndRespectsTheCaps() {
        SchemaCatalog catalog =
                new SchemaCatalog(
                        "db",
                        Map.of(),
                        List.of(
                                new ForeignKey(
                                        "lines",
                                        List.of("order_id"),
                                        "orders",
                                        List.of("order_id")),
                                new ForeignKey(
                                        "orders",
                                        List.of("customer_id"),
                                        "customers",
                                        List.of("customer_id")),
                                new ForeignKey(
                                        "orders",
                                        List.of("rep_id"),
                                        "employees",
                                        List.of("employee_id")),
                                new ForeignKey(
                                        "orders",
                                        List.of("wh_id"),
                                        "warehouses",
                                        List.of("warehouse_id")),
                                new ForeignKey(
                                        "orders", List.of("cur"), "currencies", List.of("code")),
                                new ForeignKey(
                                        "orders",
                                        List.of("addr"),
                                        "addresses",
                                        List.of("address_id"))));
        LinkedHashMap<String, Double> ranked = new LinkedHashMap<>();
        ranked.put("orders", 0.9);
        ranked.put("customers", 0.35);
        ranked.put("employees", 0.25);
        ranked.put("warehouses", 0.21);
        ranked.put("addresses", 0.19);
        RetrievalConfig cfg = RetrievalConfig.defaults();
        RetrieverV2.Expansion e = RetrieverV2.expand(Set.of("orders"), ranked, catalog, cfg);
        // neighbours: lines, customers, employees, warehouses, currencies, addresses; evidence:
        // score >= 0.20
        assertThat(e.candidates()).isEqualTo(6);
        assertThat(e.added()).containsExactlyInAnyOrder("customers", "employees", "warehouses");
        assertThat(e.blocked()).isEqualTo(3);
    }

    @Test
    void precisionRecallAndF1OfRetrievedTables() {
        RetrievalScores s =
                RetrievalScores.of(
                        List.of("orders", "customers", "products", "public.lines"),
                        List.of("orders", "lines", "regions"));
        assertThat(s.precision()).isCloseTo(2 / 4.0, within(1e-12));
        assertThat(s.recall()).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(s.f1()).isCloseTo(2 * 0.5 * (2 / 3.0) / (0.5 + 2 / 3.0), within(1e-12));
        assertThat(s.fullRecall()).isFalse();
        assertThat(RetrievalScores.of(List.of("a", "b"), List.of("a")).fullRecall()).isTrue();
        assertThat(
                        RetrievalScores.of(List.of("\"Sales\".\"Orders\""), List.of("sales.orders"))
                                .recall())
                .isEqualTo(1.0);
    }

    @Test
    void bm25MatchesTheOkapiFormula() {
        Bm25 bm25 =
                new Bm25(List.of("employee salary salary", "order invoice", "employee"), 1.5, 0.75);
        // "salary" occurs in 1 of 3 documents: idf = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)); doc 0 has
        // tf 2, length 3, avg 2
        double idf = Math.log(1 + 2.5 / 1.5);
        double expected = idf * (2 * 2.5) / (2 + 1.5 * (1 - 0.75 + 0.75 * 3 / 2.0));
        assertThat(bm25.score(List.of("salary"), 0)).isCloseTo(expected, within(1e-12));
        assertThat(bm25.score(List.of("salary"), 1)).isZero();
        assertThat(Bm25.tokenize("How many Employees were hired?"))
                .containsExactly("employee", "hir");
    }

    @Test
    void vectorsRoundTripThroughPgvectorAndCosine() throws Exception {
        float[] v = {0.5f, -1.25f, 3f};
        assertThat(new com.pgvector.PGvector(new com.pgvector.PGvector(v).getValue()).toArray())
                .containsExactly(v);
        assertThat(Vectors.cosine(new float[] {1, 0}, new float[] {0, 1})).isZero();
        assertThat(Vectors.cosine(new float[] {1, 1}, new float[] {2, 2}))
                .isCloseTo(1.0, within(1e-9));
    }
}
