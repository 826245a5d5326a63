package dev.sqlexam.suite;

import dev.sqlexam.suite.Distillation.Candidate;

import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The distillation's steps after the greedy one ({@link Distillation#select}): up to the floor, a
 * second opinion where the suite is thin; then candidates for the golds defined on too few of the
 * chosen ones.
 */
final class DistillationTopUps {

    private DistillationTopUps() {}

    /**
     * Up to {@code floor} candidates, those that tell apart the neighbours told apart least often
     * so far, of shapes not chosen yet first.
     */
    static void toFloor(List<Candidate> pool, int floor, boolean[] taken, List<Integer> chosen) {
        int[] times = timesCovered(pool, chosen);
        Set<Integer> shapes = new HashSet<>();
        for (int i = 0; i < pool.size(); i++) if (taken[i]) shapes.add(pool.get(i).shape());
        while (chosen.size() < floor && chosen.size() < pool.size()) {
            int best = -1;
            double bestScore = -1;
            for (int i = 0; i < pool.size(); i++) {
                if (taken[i]) continue;
                // a shape not chosen yet counts for more than a neighbour told apart a second time:
                // what no neighbour foresaw is caught by databases unlike each other
                double score =
                        pool.get(i).usable().cardinality() * 1e-6
                                + (shapes.contains(pool.get(i).shape()) ? 0 : 0.75);
                BitSet d = pool.get(i).distinguished();
                for (int n = d.nextSetBit(0); n >= 0; n = d.nextSetBit(n + 1))
                    score += 1.0 / (1 + times[n]);
                if (score > bestScore) {
                    best = i;
                    bestScore = score;
                }
            }
            Distillation.take(best, pool, taken, chosen);
            shapes.add(pool.get(best).shape());
            BitSet d = pool.get(best).distinguished();
            for (int n = d.nextSetBit(0); n >= 0; n = d.nextSetBit(n + 1)) times[n]++;
        }
    }

    /**
     * Adds candidates on which golds with fewer than {@code quota} chosen databases are defined,
     * most wanted first.
     */
    static void shortGolds(
            List<Candidate> pool, int golds, int quota, boolean[] taken, List<Integer> chosen) {
        int[] usable = new int[golds];
        for (int c : chosen)
            for (int g = 0; g < golds; g++) if (pool.get(c).usable().get(g)) usable[g]++;
        for (int added = 0; added < Math.max(quota, 1) * 2; added++) {
            int best = -1;
            int bestGain = 0;
            for (int i = 0; i < pool.size(); i++) {
                if (taken[i]) continue;
                int gain = 0;
                BitSet u = pool.get(i).usable();
                for (int g = u.nextSetBit(0); g >= 0 && g < golds; g = u.nextSetBit(g + 1))
                    if (usable[g] < quota) gain += quota - usable[g];
                if (gain > bestGain) {
                    best = i;
                    bestGain = gain;
                }
            }
            if (best < 0) return;
            Distillation.take(best, pool, taken, chosen);
            BitSet u = pool.get(best).usable();
            for (int g = u.nextSetBit(0); g >= 0 && g < golds; g = u.nextSetBit(g + 1)) usable[g]++;
        }
    }

    private static int[] timesCovered(List<Candidate> pool, List<Integer> chosenIds) {
        int size = pool.stream().mapToInt(c -> c.distinguished().length()).max().orElse(0);
        int[] times = new int[size];
        for (Candidate c : pool) {
            if (!chosenIds.contains(c.id())) continue;
            BitSet d = c.distinguished();
            for (int n = d.nextSetBit(0); n >= 0; n = d.nextSetBit(n + 1)) times[n]++;
        }
        return times;
    }
}
