package dev.sqlexam.retrieval;

import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalMetrics;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * V2 retrieval (seed 000): table and column retrieval side by side; per table colScore = top1 + 0.5
 * * top2 (generic columns x 0.7); finalScore = 0.6 * table + 0.4 * column; the top tables, then FK
 * expansion gated by an evidence set (top 20 with score >= 0.20).
 */
public final class RetrieverV2 {

    public static final String NAME = "v2";
    private final RetrievalContext ctx;

    public RetrieverV2(RetrievalContext ctx) {
        this.ctx = ctx;
    }

    /** What relevance-gated FK expansion did. */
    public record Expansion(List<String> added, int candidates, int blocked) {}

    /** Best cosine similarity per table. */
    static Map<String, Double> tableScores(List<Hit> tables) {
        Map<String, Double> out = new HashMap<>();
        for (Hit h : tables) out.merge(h.table(), h.score(), Math::max);
        return out;
    }

    /**
     * Per table: top1 + 0.5 * top2 of its column similarities, generic columns multiplied by the
     * downweight.
     */
    static Map<String, Double> columnScores(List<Hit> columns, double genericDownweight) {
        Map<String, List<Double>> perTable = new HashMap<>();
        for (Hit h : columns)
            perTable.computeIfAbsent(h.table(), k -> new ArrayList<>())
                    .add(h.score() * (h.generic() ? genericDownweight : 1.0));
        Map<String, Double> out = new HashMap<>();
        perTable.forEach(
                (t, scores) -> {
                    List<Double> sorted =
                            scores.stream().sorted((a, b) -> Double.compare(b, a)).toList();
                    out.put(t, sorted.get(0) + (sorted.size() > 1 ? 0.5 * sorted.get(1) : 0));
                });
        return out;
    }

    /**
     * finalScore = tableWeight * table + columnWeight * column (a missing side counts 0), best
     * first.
     */
    static LinkedHashMap<String, Double> fuse(
            Map<String, Double> tableScore, Map<String, Double> columnScore, RetrievalConfig cfg) {
        Map<String, Double> fused = new HashMap<>();
        Set<String> all = new LinkedHashSet<>(tableScore.keySet());
        all.addAll(columnScore.keySet());
        for (String t : all) {
            fused.put(
                    t,
                    cfg.v2().fusion().tableWeight() * tableScore.getOrDefault(t, 0.0)
                            + cfg.v2().fusion().columnWeight() * columnScore.getOrDefault(t, 0.0));
        }
        return RankFusion.sortDescending(fused);
    }

    /**
     * FK neighbours of the selected tables join only if they are in the evidence set (the top
     * fkEvidenceTopK fused tables scoring at least fkEvidenceThreshold); at most fkExpansionCap,
     * and never past finalMaxTables.
     */
    static Expansion expand(
            Set<String> selected,
            LinkedHashMap<String, Double> ranked,
            SchemaCatalog catalog,
            RetrievalConfig cfg) {
        Set<String> evidence = new LinkedHashSet<>();
        for (var e : ranked.entrySet()) {
            if (evidence.size() >= cfg.v2().fkExpansion().evidenceTopK()) break;
            if (e.getValue() >= cfg.v2().fkExpansion().evidenceThreshold())
                evidence.add(e.getKey());
        }
        List<String> added = new ArrayList<>();
        int candidates = 0;
        int blocked = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (String table : new ArrayList<>(selected)) {
            for (String n : catalog.neighbours(table)) {
                if (selected.contains(n) || !seen.add(n)) continue;
                candidates++;
                if (!evidence.contains(n)) {
                    blocked++;
                } else if (added.size() < cfg.v2().fkExpansion().cap()
                        && selected.size() + added.size() < cfg.v2().finalMaxTables()) {
                    added.add(n);
                }
            }
        }
        return new Expansion(added, candidates, blocked);
    }

    /** The searches {@link #retrieve} asks for this question, in its order. */
    public List<SearchRequest> searches(String question, float[] vector, List<String> modules) {
        return List.of(
                request(question, vector, modules, "table", ctx.config().v2().tableTopK()),
                request(question, vector, modules, "column", ctx.config().v2().columnTopK()));
    }

    public RetrievalResult retrieve(
            String question, float[] vector, List<String> modules, SchemaSearch search)
            throws SQLException {
        RetrievalConfig cfg = ctx.config();
        Timer timer = new Timer();
        Set<String> publicTables = ctx.publicTables();
        List<Hit> tables =
                search(
                                search,
                                publicTables,
                                question,
                                vector,
                                modules,
                                "table",
                                cfg.v2().tableTopK())
                        .stream()
                        .filter(h -> h.score() >= cfg.v2().tableThreshold())
                        .toList();
        timer.lap("table_search");
        List<Hit> columns =
                search(
                                search,
                                publicTables,
                                question,
                                vector,
                                modules,
                                "column",
                                cfg.v2().columnTopK())
                        .stream()
                        .filter(h -> h.score() >= cfg.v2().columnThreshold())
                        .toList();
        timer.lap("column_search");

        Map<String, Double> tableScore = tableScores(tables);
        Map<String, Integer> columnHits = new LinkedHashMap<>();
        for (Hit h : columns) columnHits.merge(h.table(), 1, Integer::sum);
        LinkedHashMap<String, Double> ranked =
                fuse(tableScore, columnScores(columns, cfg.v2().fusion().genericDownweight()), cfg);
        timer.lap("fusion");

        Map<String, PacketTable> selected = new LinkedHashMap<>();
        int fromColumnOnly = selectTop(ranked, tableScore, selected);
        Expansion expansion = expand(selected.keySet(), ranked, ctx.catalog(), cfg);
        for (String n : expansion.added()) {
            selected.put(
                    n, ctx.packetTable(n, ranked.getOrDefault(n, 0.0), PacketTable.FK_EXPANSION));
        }
        timer.lap("fk_expansion");
        RetrievalMetrics metrics =
                RetrievalMetrics.builder()
                        .tableRetrieval(tables.size(), Hit.similarities(tables))
                        .columnRetrieval(columns.size(), columnHits)
                        .tablesFrom(tableScore.size(), fromColumnOnly)
                        .fkExpansion(
                                expansion.candidates(),
                                expansion.added().size(),
                                expansion.blocked())
                        .finalTables(selected.size(), new ArrayList<>(selected.keySet()))
                        .timingsMicros(timer.micros())
                        .build();
        return new RetrievalResult(NAME, new ArrayList<>(selected.values()), metrics);
    }

    /** Cosine top-K of one entity type, with the search path's shadowing applied. */
    private List<Hit> search(
            SchemaSearch search,
            Set<String> publicTables,
            String question,
            float[] vector,
            List<String> modules,
            String entityType,
            int topK)
            throws SQLException {
        return SearchPathShadowing.apply(
                search.search(request(question, vector, modules, entityType, topK)),
                publicTables,
                question);
    }

    private SearchRequest request(
            String question, float[] vector, List<String> modules, String entityType, int topK) {
        return SearchRequest.vector(
                ctx.catalog().databaseId(),
                ctx.model(),
                ctx.dimensions(),
                entityType,
                vector,
                modules,
                ctx.namedSchemas(question),
                topK);
    }

    /**
     * The best fused tables up to maxTables into {@code selected}; how many of them only a column
     * search found.
     */
    private int selectTop(
            LinkedHashMap<String, Double> ranked,
            Map<String, Double> tableScore,
            Map<String, PacketTable> selected) {
        int fromColumnOnly = 0;
        for (var e : ranked.entrySet()) {
            if (selected.size() >= ctx.config().v2().maxTables()) break;
            boolean columnOnly = !tableScore.containsKey(e.getKey());
            if (columnOnly) fromColumnOnly++;
            selected.put(
                    e.getKey(),
                    ctx.packetTable(
                            e.getKey(),
                            e.getValue(),
                            columnOnly ? PacketTable.COLUMN : PacketTable.RETRIEVAL));
        }
        return fromColumnOnly;
    }
}
