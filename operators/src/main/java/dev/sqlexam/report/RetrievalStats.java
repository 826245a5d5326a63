package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.RetrievalTrace;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/** Retrieval quality of V1 and V2, overall and per difficulty and module. */
public final class RetrievalStats implements Serializable {

    private final RetrievalTally v1 = new RetrievalTally();
    private final RetrievalTally v2 = new RetrievalTally();
    private final Map<String, RetrievalTally[]> byDifficulty = new TreeMap<>();
    private final Map<String, RetrievalTally[]> byModule = new TreeMap<>();
    private final Map<String, Long> strategies = new TreeMap<>();
    private final Map<String, Long> routeMethods = new TreeMap<>();

    void add(ExamRecord r) {
        RetrievalTrace t = r.retrieval();
        if (t == null) return;
        strategies.merge(t.strategy(), 1L, Long::sum);
        routeMethods.merge(t.routeMethod(), 1L, Long::sum);
        v1.add(t.v1());
        v2.add(t.v2());
        pair(byDifficulty, r.difficulty()).add(t);
        pair(byModule, r.module()).add(t);
    }

    private static Pair pair(Map<String, RetrievalTally[]> map, String key) {
        RetrievalTally[] p =
                map.computeIfAbsent(
                        key == null ? "(none)" : key,
                        k -> new RetrievalTally[] {new RetrievalTally(), new RetrievalTally()});
        return new Pair(p);
    }

    private record Pair(RetrievalTally[] p) {
        void add(RetrievalTrace t) {
            p[0].add(t.v1());
            p[1].add(t.v2());
        }
    }

    void addAll(RetrievalStats o) {
        v1.addAll(o.v1);
        v2.addAll(o.v2);
        o.byDifficulty.forEach((k, p) -> merge(byDifficulty, k, p));
        o.byModule.forEach((k, p) -> merge(byModule, k, p));
        o.strategies.forEach((k, v) -> strategies.merge(k, v, Long::sum));
        o.routeMethods.forEach((k, v) -> routeMethods.merge(k, v, Long::sum));
    }

    private static void merge(Map<String, RetrievalTally[]> map, String key, RetrievalTally[] p) {
        RetrievalTally[] mine =
                map.computeIfAbsent(
                        key,
                        k -> new RetrievalTally[] {new RetrievalTally(), new RetrievalTally()});
        mine[0].addAll(p[0]);
        mine[1].addAll(p[1]);
    }

    public RetrievalTally getV1() {
        return v1;
    }

    public RetrievalTally getV2() {
        return v2;
    }

    public Map<String, RetrievalTally[]> getByDifficulty() {
        return byDifficulty;
    }

    public Map<String, RetrievalTally[]> getByModule() {
        return byModule;
    }

    public Map<String, Long> getStrategies() {
        return strategies;
    }

    public Map<String, Long> getRouteMethods() {
        return routeMethods;
    }
}
