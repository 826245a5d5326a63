package dev.sqlexam.retrieval;

import dev.sqlexam.model.PacketTable;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * V2 retrieval (seed 000): table and column retrieval side by side; per table
 * colScore = top1 + 0.5 * top2 (generic columns x 0.7); finalScore = 0.6 * table + 0.4 * column;
 * the top tables, then FK expansion gated by an evidence set (top 20 with score >= 0.20).
 */
public final class RetrieverV2 {

    public static final String NAME = "v2";
    private final RetrievalContext ctx;

    public RetrieverV2(RetrievalContext ctx) {
        this.ctx = ctx;
    }

    public RetrievalResult retrieve(String question, float[] vector, List<String> modules) throws SQLException {
        RetrievalConfig cfg = ctx.config();
        Timer timer = new Timer();
        String db = ctx.catalog().databaseId();
        Set<String> publicTables = ctx.publicTables();
        List<Hit> tables = SearchPathShadowing.apply(
                ctx.store().searchVectors(db, ctx.model(), ctx.dimensions(), "table", vector, modules, cfg.tableTopK()), publicTables, question)
                .stream().filter(h -> h.score() >= cfg.tableThreshold()).toList();
        timer.lap("table_search");
        List<Hit> columns = SearchPathShadowing.apply(
                ctx.store().searchVectors(db, ctx.model(), ctx.dimensions(), "column", vector, modules, cfg.columnTopK()), publicTables, question)
                .stream().filter(h -> h.score() >= cfg.columnThreshold()).toList();
        timer.lap("column_search");

        Map<String, Double> tableScore = new HashMap<>();
        for (Hit h : tables) tableScore.merge(h.table(), h.score(), Math::max);
        Map<String, List<Double>> columnScores = new HashMap<>();
        Map<String, Integer> columnHits = new LinkedHashMap<>();
        for (Hit h : columns) {
            columnScores.computeIfAbsent(h.table(), k -> new ArrayList<>()).add(h.score() * (h.generic() ? cfg.genericDownweight() : 1.0));
            columnHits.merge(h.table(), 1, Integer::sum);
        }
        Map<String, Double> fused = new HashMap<>();
        Set<String> all = new LinkedHashSet<>(tableScore.keySet());
        all.addAll(columnScores.keySet());
        for (String t : all) {
            List<Double> cs = columnScores.getOrDefault(t, List.of()).stream().sorted((a, b) -> Double.compare(b, a)).toList();
            double colScore = cs.isEmpty() ? 0 : cs.get(0) + (cs.size() > 1 ? 0.5 * cs.get(1) : 0);
            fused.put(t, cfg.tableWeight() * tableScore.getOrDefault(t, 0.0) + cfg.columnWeight() * colScore);
        }
        LinkedHashMap<String, Double> ranked = RankFusion.sortDescending(fused);
        timer.lap("fusion");

        Map<String, PacketTable> selected = new LinkedHashMap<>();
        int fromColumnOnly = 0;
        for (var e : ranked.entrySet()) {
            if (selected.size() >= cfg.maxTables()) break;
            boolean columnOnly = !tableScore.containsKey(e.getKey());
            if (columnOnly) fromColumnOnly++;
            selected.put(e.getKey(), new PacketTable(e.getKey(), ctx.module(e.getKey()), ctx.mSchema(e.getKey()), e.getValue(),
                    columnOnly ? PacketTable.COLUMN : PacketTable.RETRIEVAL));
        }
        Set<String> evidence = new LinkedHashSet<>();
        for (var e : ranked.entrySet()) {
            if (evidence.size() >= cfg.fkEvidenceTopK()) break;
            if (e.getValue() >= cfg.fkEvidenceThreshold()) evidence.add(e.getKey());
        }
        int candidates = 0;
        int added = 0;
        int blocked = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (String table : new ArrayList<>(selected.keySet())) {
            for (String n : ctx.catalog().neighbours(table)) {
                if (selected.containsKey(n) || !seen.add(n)) continue;
                candidates++;
                if (!evidence.contains(n)) {
                    blocked++;
                } else if (added < cfg.fkExpansionCap() && selected.size() < cfg.finalMaxTables()) {
                    selected.put(n, new PacketTable(n, ctx.module(n), ctx.mSchema(n), ranked.getOrDefault(n, 0.0), PacketTable.FK_EXPANSION));
                    added++;
                }
            }
        }
        timer.lap("fk_expansion");
        List<String> sims = tables.stream().map(h -> h.table() + "=" + String.format(Locale.ROOT, "%.3f", h.score())).toList();
        RetrievalMetrics metrics = new RetrievalMetrics(tables.size(), sims, columns.size(), columnHits, tableScore.size(),
                fromColumnOnly, 0, candidates, added, blocked, selected.size(), new ArrayList<>(selected.keySet()), timer.micros());
        return new RetrievalResult(NAME, new ArrayList<>(selected.values()), metrics);
    }
}
