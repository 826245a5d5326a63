package dev.sqlexam.prompt;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.JoinPlan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Plans joins between required tables on an FK graph (seed 004 §3d): BFS shortest paths and Yen's
 * k-shortest paths, scored shorter-first with child → parent steps preferred; hubs (more neighbours
 * than a cap that grows with the number of required tables) are not walked through; a path may
 * cross modules through bridge tables. The skeleton joins every required table to the first along
 * its best path.
 */
public final class JoinPlanner {

    /** Planner settings (the seed's sub-flags and their numbers). */
    public record Options(
            int k,
            boolean pathScoring,
            boolean dynamicHubCap,
            int baseHubCap,
            boolean crossModule,
            int maxPathLength)
            implements java.io.Serializable {
        /**
         * Paths kept per pair of tables, the hub cap before dynamic scaling, and the longest path
         * (fixed parameters).
         */
        static final int PATHS = 3;

        static final int BASE_HUB_CAP = 12;
        static final int MAX_PATH_LENGTH = 5;

        /**
         * JOIN_PATH_SCORING_ENABLED, DYNAMIC_HUB_CAP_ENABLED, CROSS_MODULE_JOIN_ENABLED from the
         * options.
         */
        public static Options from(dev.sqlexam.config.Settings s) {
            return new Options(
                    PATHS,
                    s.get(dev.sqlexam.config.SqlExamOptions.JOIN_PATH_SCORING_ENABLED),
                    s.get(dev.sqlexam.config.SqlExamOptions.DYNAMIC_HUB_CAP_ENABLED),
                    BASE_HUB_CAP,
                    s.get(dev.sqlexam.config.SqlExamOptions.CROSS_MODULE_JOIN_ENABLED),
                    MAX_PATH_LENGTH);
        }

        public static Options defaults() {
            return from(dev.sqlexam.config.Settings.defaults());
        }
    }

    private final Options options;

    public JoinPlanner(Options options) {
        this.options = options;
    }

    public JoinPlan plan(FkGraph graph, List<String> required) {
        List<String> present = required.stream().filter(graph::contains).distinct().toList();
        if (present.size() < 2)
            return JoinPlan.none(
                    present,
                    present.isEmpty() ? "no required table in the graph" : "one table: no join");
        int hubCap =
                options.dynamicHubCap()
                        ? options.baseHubCap() + 4 * (present.size() - 2)
                        : options.baseHubCap();
        String root = present.get(0);
        List<JoinPlan.Path> chosen = new ArrayList<>();
        Set<String> inPlan = new LinkedHashSet<>(List.of(root));
        for (String target : present.subList(1, present.size())) {
            if (inPlan.contains(target)) continue;
            JoinPlan.Path best = null;
            for (String start : inPlan) {
                List<JoinPlan.Path> ranked =
                        kShortest(graph, start, target, hubCap, Set.copyOf(present));
                if (!ranked.isEmpty() && (best == null || ranked.get(0).score() < best.score()))
                    best = ranked.get(0);
            }
            if (best == null) continue;
            chosen.add(best);
            inPlan.addAll(best.tables());
        }
        List<String> bridges = inPlan.stream().filter(t -> !present.contains(t)).toList();
        boolean crossModule =
                inPlan.stream().map(graph::module).filter(Objects::nonNull).distinct().count() > 1;
        String note =
                chosen.size() + 1 < present.size() ? "not every required table is reachable" : null;
        return new JoinPlan(present, chosen, bridges, skeleton(root, chosen), crossModule, note);
    }

    /** Yen's algorithm over BFS shortest paths: up to k loopless paths, best score first. */
    List<JoinPlan.Path> kShortest(
            FkGraph graph, String source, String target, int hubCap, Set<String> required) {
        List<JoinPlan.Path> found = new ArrayList<>();
        JoinPlan.Path first = bfs(graph, source, target, Set.of(), Set.of(), hubCap, required);
        if (first == null) return found;
        found.add(first);
        List<JoinPlan.Path> candidates = new ArrayList<>();
        for (int i = 1; i < options.k(); i++) {
            JoinPlan.Path last = found.get(i - 1);
            for (int spur = 0; spur < last.tables().size() - 1; spur++) {
                List<String> rootTables = last.tables().subList(0, spur + 1);
                List<ForeignKey> rootKeys = last.keys().subList(0, spur);
                Set<ForeignKey> blockedKeys = new HashSet<>();
                for (JoinPlan.Path p : found) {
                    if (p.tables().size() > spur
                            && p.tables().subList(0, spur + 1).equals(rootTables))
                        blockedKeys.add(p.keys().get(spur));
                }
                Set<String> blockedTables =
                        new HashSet<>(rootTables.subList(0, rootTables.size() - 1));
                JoinPlan.Path spurPath =
                        bfs(
                                graph,
                                rootTables.get(rootTables.size() - 1),
                                target,
                                blockedTables,
                                blockedKeys,
                                hubCap,
                                required);
                if (spurPath == null) continue;
                List<String> tables = new ArrayList<>(rootTables.subList(0, rootTables.size() - 1));
                tables.addAll(spurPath.tables());
                List<ForeignKey> keys = new ArrayList<>(rootKeys);
                keys.addAll(spurPath.keys());
                JoinPlan.Path total = new JoinPlan.Path(tables, keys, score(graph, tables, keys));
                if (candidates.stream()
                                .noneMatch(
                                        c ->
                                                c.tables().equals(total.tables())
                                                        && c.keys().equals(total.keys()))
                        && found.stream()
                                .noneMatch(
                                        c ->
                                                c.tables().equals(total.tables())
                                                        && c.keys().equals(total.keys()))) {
                    candidates.add(total);
                }
            }
            if (candidates.isEmpty()) break;
            candidates.sort(
                    Comparator.comparingDouble(JoinPlan.Path::score)
                            .thenComparing(JoinPlan.Path::describe));
            found.add(candidates.remove(0));
        }
        found.sort(
                Comparator.comparingDouble(JoinPlan.Path::score)
                        .thenComparing(JoinPlan.Path::describe));
        return found;
    }

    private JoinPlan.Path bfs(
            FkGraph graph,
            String source,
            String target,
            Set<String> blockedTables,
            Set<ForeignKey> blockedKeys,
            int hubCap,
            Set<String> required) {
        Map<String, FkGraph.Step> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(source));
        Set<String> seen = new HashSet<>(List.of(source));
        Map<String, Integer> depth = new HashMap<>(Map.of(source, 0));
        while (!queue.isEmpty()) {
            String current = queue.poll();
            if (current.equals(target)) break;
            if (depth.get(current) >= options.maxPathLength()) continue;
            boolean hub =
                    !current.equals(source)
                            && !required.contains(current)
                            && graph.degree(current) > hubCap;
            if (hub) continue;
            List<FkGraph.Step> steps = new ArrayList<>(graph.steps(current));
            steps.sort(
                    Comparator.comparing((FkGraph.Step s) -> !s.childToParent())
                            .thenComparing(FkGraph.Step::to));
            for (FkGraph.Step step : steps) {
                if (seen.contains(step.to())
                        || blockedTables.contains(step.to())
                        || blockedKeys.contains(step.fk())) continue;
                if (!options.crossModule()
                        && !Objects.equals(graph.module(step.to()), graph.module(source))
                        && !step.to().equals(target)) continue;
                seen.add(step.to());
                cameFrom.put(step.to(), step);
                depth.put(step.to(), depth.get(current) + 1);
                queue.add(step.to());
            }
        }
        if (!cameFrom.containsKey(target) && !source.equals(target)) return null;
        List<String> tables = new ArrayList<>();
        List<ForeignKey> keys = new ArrayList<>();
        for (String t = target; !t.equals(source); t = cameFrom.get(t).from()) {
            tables.add(0, t);
            keys.add(0, cameFrom.get(t).fk());
        }
        tables.add(0, source);
        return new JoinPlan.Path(tables, keys, score(graph, tables, keys));
    }

    /**
     * Length first; each parent → child step costs a little more than child → parent (when scoring
     * is on).
     */
    double score(FkGraph graph, List<String> tables, List<ForeignKey> keys) {
        double s = keys.size();
        if (!options.pathScoring()) return s;
        for (int i = 0; i < keys.size(); i++) {
            boolean childToParent = keys.get(i).fromTable().equals(tables.get(i));
            if (!childToParent) s += 0.1;
        }
        return s;
    }

    /** FROM root JOIN t ON ... for every table the chosen paths add, in path order. */
    static String skeleton(String root, List<JoinPlan.Path> paths) {
        StringBuilder sb = new StringBuilder("FROM ").append(root);
        Set<String> joined = new LinkedHashSet<>(List.of(root));
        for (JoinPlan.Path p : paths) {
            for (int i = 1; i < p.tables().size(); i++) {
                String t = p.tables().get(i);
                if (!joined.add(t)) continue;
                sb.append("\nJOIN ")
                        .append(t)
                        .append(" ON ")
                        .append(p.keys().get(i - 1).joinCondition());
            }
        }
        return sb.toString();
    }
}
