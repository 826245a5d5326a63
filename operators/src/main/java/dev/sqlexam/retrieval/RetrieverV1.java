package dev.sqlexam.retrieval;

import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalMetrics;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * V1 retrieval (seed 004 §2): pgvector cosine top-K and full-text search over tables within the
 * routed modules, fused by reciprocal rank fusion, then expanded along foreign keys with a hub cap.
 */
public final class RetrieverV1 {

    public static final String NAME = "v1";
    private final RetrievalContext ctx;

    public RetrieverV1(RetrievalContext ctx) {
        this.ctx = ctx;
    }

    /** The searches {@link #retrieve} asks for this question, in its order. */
    public List<SearchRequest> searches(String question, float[] vector, List<String> modules) {
        List<SearchRequest> out = new ArrayList<>();
        out.add(cosineRequest(question, vector, modules));
        if (ctx.config().v1().bm25()) out.add(textRequest(question, modules));
        return out;
    }

    public RetrievalResult retrieve(
            String question, float[] vector, List<String> modules, SchemaSearch search)
            throws SQLException {
        RetrievalConfig cfg = ctx.config();
        Timer timer = new Timer();
        Set<String> publicTables = ctx.publicTables();
        List<Hit> cosine =
                SearchPathShadowing.apply(
                        search.search(cosineRequest(question, vector, modules)),
                        publicTables,
                        question);
        timer.lap("table_search");
        List<Hit> text =
                cfg.v1().bm25()
                        ? SearchPathShadowing.apply(
                                search.search(textRequest(question, modules)),
                                publicTables,
                                question)
                        : List.<Hit>of();
        timer.lap("text_search");
        LinkedHashMap<String, Double> fused =
                RankFusion.rrf(List.of(cosine, text), cfg.v1().rrfK());
        timer.lap("fusion");

        Map<String, PacketTable> selected = new LinkedHashMap<>();
        for (var e : fused.entrySet()) {
            if (selected.size() >= cfg.v1().maxTables()) break;
            selected.put(
                    e.getKey(), ctx.packetTable(e.getKey(), e.getValue(), PacketTable.RETRIEVAL));
        }
        int candidates = 0;
        int added = 0;
        for (String neighbour : expansionCandidates(selected.keySet(), fused)) {
            candidates++;
            if (added >= cfg.v1().fkExpansionLimit()) continue;
            selected.put(
                    neighbour,
                    ctx.packetTable(
                            neighbour,
                            fused.getOrDefault(neighbour, 0.0),
                            PacketTable.FK_EXPANSION));
            added++;
        }
        timer.lap("fk_expansion");
        RetrievalMetrics metrics =
                RetrievalMetrics.builder()
                        .tableRetrieval(cosine.size(), Hit.similarities(cosine))
                        .tablesFrom(cosine.size(), 0)
                        .textHits(text.size())
                        .fkExpansion(candidates, added, 0)
                        .finalTables(selected.size(), new ArrayList<>(selected.keySet()))
                        .timingsMicros(timer.micros())
                        .build();
        return new RetrievalResult(NAME, new ArrayList<>(selected.values()), metrics);
    }

    private SearchRequest cosineRequest(String question, float[] vector, List<String> modules) {
        return SearchRequest.vector(
                ctx.catalog().databaseId(),
                ctx.model(),
                ctx.dimensions(),
                "table",
                vector,
                modules,
                ctx.namedSchemas(question),
                ctx.config().v1().topK());
    }

    /** Full-text search over tables for the question's terms. */
    private SearchRequest textRequest(String question, List<String> modules) {
        return SearchRequest.text(
                ctx.catalog().databaseId(),
                ctx.model(),
                "table",
                QuestionTerms.of(question),
                modules,
                ctx.namedSchemas(question),
                ctx.config().v1().topK());
    }

    /**
     * Expansion candidates, best first: bridges (tables that connect two selected tables directly,
     * then the two middle tables of a three-hop path between them: a join needs them even when the
     * question names neither), then neighbours the search also ranked (by fused score), then the
     * rest. Tables with more neighbours than the hub cap are not expanded from.
     */
    private List<String> expansionCandidates(Set<String> selected, Map<String, Double> fused) {
        Map<String, Integer> links = new LinkedHashMap<>();
        for (String table : selected) {
            if (ctx.catalog().degree(table) > ctx.config().v1().hubFkCap()) continue;
            for (String n : ctx.catalog().neighbours(table)) {
                if (!selected.contains(n) && !isShadowed(n)) links.merge(n, 1, Integer::sum);
            }
        }
        List<String> bridges =
                new ArrayList<>(links.keySet().stream().filter(n -> links.get(n) >= 2).toList());
        List<String> twoHop = new ArrayList<>();
        for (String a : links.keySet()) {
            for (String b : ctx.catalog().neighbours(a)) {
                if (selected.contains(b)
                        || isShadowed(b)
                        || b.equals(a)
                        || ctx.catalog().degree(b) > ctx.config().v1().hubFkCap()) continue;
                boolean reachesOther =
                        ctx.catalog().neighbours(b).stream()
                                .anyMatch(
                                        t ->
                                                selected.contains(t)
                                                        && !ctx.catalog()
                                                                .neighbours(a)
                                                                .contains(t));
                if (reachesOther && links.get(a) == 1) {
                    twoHop.add(a);
                    twoHop.add(b);
                }
            }
        }
        Comparator<String> byScore =
                Comparator.<String>comparingDouble(n -> -fused.getOrDefault(n, 0.0))
                        .thenComparing(Comparator.naturalOrder());
        bridges.sort(byScore);
        List<String> rest = new ArrayList<>(links.keySet());
        rest.sort(byScore);
        LinkedHashSet<String> ordered = new LinkedHashSet<>(bridges);
        if (twoHop.size() >= 2 && ordered.size() + 2 <= ctx.config().v1().fkExpansionLimit()) {
            ordered.add(twoHop.get(0));
            ordered.add(twoHop.get(1));
        }
        rest.stream().filter(n -> fused.containsKey(n)).forEach(ordered::add);
        ordered.addAll(rest);
        return new ArrayList<>(ordered);
    }

    private boolean isShadowed(String table) {
        int dot = table.lastIndexOf('.');
        return dot > 0 && ctx.publicTables().contains(table.substring(dot + 1));
    }
}
