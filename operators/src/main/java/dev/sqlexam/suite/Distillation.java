package dev.sqlexam.suite;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Chooses a test suite from a pool of candidate databases, as Zhong et al. distil theirs: greedily
 * the candidate that tells apart the most neighbours no chosen one tells apart, until none adds any
 * or the cap is reached (places kept for candidates of a reserved kind: a tiny database, mostly one
 * row a table, when the cap is three or more, and an odd one, blank columns and twin rows, when it
 * is five or more); then, up to the floor, the candidates that tell apart the neighbours told apart
 * least often so far (a second opinion where the suite is thin), of shapes not chosen yet first;
 * then, so that every gold has as many databases it is defined on as the suite has, the candidates
 * on which the golds short of that are defined. Plain logic over what each candidate told apart: no
 * database here.
 */
final class Distillation {

    /**
     * Candidate kinds: ordinary; tiny (mostly one row a table); odd (blank columns, every row
     * twice).
     */
    static final int ORDINARY = 0;

    static final int TINY = 1;
    static final int ODD = 2;

    private Distillation() {}

    /**
     * One candidate: the neighbours it tells apart from their gold, the golds defined on it (by
     * index), its shape and kind.
     */
    record Candidate(int id, BitSet distinguished, BitSet usable, int shape, int kind) {

        Candidate(int id, BitSet distinguished, BitSet usable, int shape, boolean tiny) {
            this(id, distinguished, usable, shape, tiny ? TINY : ORDINARY);
        }

        Candidate(int id, BitSet distinguished, BitSet usable, int shape) {
            this(id, distinguished, usable, shape, ORDINARY);
        }

        Candidate(int id, BitSet distinguished, BitSet usable) {
            this(id, distinguished, usable, 0);
        }
    }

    /**
     * The chosen candidates in order (pool ids); {@code distilled}: how many the greedy step chose;
     * {@code quota}: how many databases each gold is graded on at most (the greedy and floor steps'
     * count).
     */
    record Selection(List<Integer> chosen, int distilled, int quota, BitSet covered) {}

    /**
     * {@code cap}: at most this many by the greedy and floor steps; {@code floor}: at least this
     * many (pool allowing).
     */
    static Selection select(List<Candidate> pool, int golds, int cap, int floor) {
        List<Integer> chosen = new ArrayList<>();
        boolean[] taken = new boolean[pool.size()];
        BitSet covered = new BitSet();
        greedy(pool, cap, taken, chosen, covered);
        int distilled = chosen.size();
        DistillationTopUps.toFloor(pool, Math.min(floor, cap), taken, chosen);
        int quota = chosen.size();
        DistillationTopUps.shortGolds(pool, golds, quota, taken, chosen);
        return new Selection(chosen, distilled, quota, covered);
    }

    /**
     * The greedy step: the candidate that tells apart the most neighbours not yet told apart, until
     * none adds any or {@code cap} are chosen, the reserved kinds' places kept.
     */
    private static void greedy(
            List<Candidate> pool, int cap, boolean[] taken, List<Integer> chosen, BitSet covered) {
        // what no neighbour of a gold foresees: a tiny database (an empty group, a single row, a
        // value equal to the average) in every suite of three or more, an odd one (SUM over NULLs
        // alone, two parents alike but for the key) in every suite of five or more; their places
        // come before the greedy's last picks
        List<Integer> reserved = new ArrayList<>();
        if (cap >= 3) reserved.add(TINY);
        if (cap >= 5) reserved.add(ODD);
        reserved.removeIf(kind -> pool.stream().noneMatch(c -> c.kind() == kind));
        while (chosen.size() < cap) {
            List<Integer> missing =
                    reserved.stream().filter(kind -> !anyTaken(pool, taken, kind)).toList();
            if (!missing.isEmpty() && chosen.size() >= cap - missing.size()) {
                takeBestOf(missing.get(0), pool, taken, chosen, covered);
                continue;
            }
            int best = mostNewlyTold(pool, taken, covered);
            if (best < 0) {
                // the reserved places are kept also when the neighbours ask for no more
                for (int kind : reserved)
                    if (chosen.size() < cap && !anyTaken(pool, taken, kind))
                        takeBestOf(kind, pool, taken, chosen, covered);
                break;
            }
            take(best, pool, taken, chosen);
            covered.or(pool.get(best).distinguished());
        }
    }

    /**
     * The candidate not taken that tells apart the most neighbours not yet told apart (ties: the
     * one defined for more golds); -1 when none tells apart any.
     */
    private static int mostNewlyTold(List<Candidate> pool, boolean[] taken, BitSet covered) {
        int best = -1;
        int bestGain = 0;
        for (int i = 0; i < pool.size(); i++) {
            if (taken[i]) continue;
            BitSet gain = (BitSet) pool.get(i).distinguished().clone();
            gain.andNot(covered);
            int g = gain.cardinality();
            if (g > bestGain
                    || g == bestGain
                            && g > 0
                            && pool.get(i).usable().cardinality()
                                    > pool.get(best).usable().cardinality()) {
                best = i;
                bestGain = g;
            }
        }
        return best;
    }

    /**
     * A database kept for some golds only ({@code golds}, by index): it tells apart neighbours of
     * theirs no chosen one does.
     */
    record Extra(int id, BitSet golds) {}

    /**
     * After the suite is chosen, up to {@code budget} more candidates, each kept for the golds
     * whose neighbours it newly tells apart (most newly told apart first): a gold whose neighbours
     * need a database the suite-wide greedy passed over (a crowd that reaches its HAVING, a row
     * only its join needs) gets it without every other gold paying for it. {@code goldOf}: the gold
     * of each neighbour.
     */
    static List<Extra> extras(
            List<Candidate> pool, List<Integer> chosenIds, int[] goldOf, int budget) {
        BitSet covered = new BitSet();
        boolean[] taken = new boolean[pool.size()];
        for (int i = 0; i < pool.size(); i++) {
            if (!chosenIds.contains(pool.get(i).id())) continue;
            taken[i] = true;
            covered.or(pool.get(i).distinguished());
        }
        List<Extra> out = new ArrayList<>();
        while (out.size() < budget) {
            int best = -1;
            BitSet bestGain = null;
            for (int i = 0; i < pool.size(); i++) {
                if (taken[i]) continue;
                BitSet gain = (BitSet) pool.get(i).distinguished().clone();
                gain.andNot(covered);
                if (gain.cardinality() > (bestGain == null ? 0 : bestGain.cardinality())) {
                    best = i;
                    bestGain = gain;
                }
            }
            if (best < 0) break;
            taken[best] = true;
            covered.or(bestGain);
            BitSet golds = new BitSet();
            for (int n = bestGain.nextSetBit(0); n >= 0; n = bestGain.nextSetBit(n + 1))
                if (n < goldOf.length) golds.set(goldOf[n]);
            out.add(new Extra(pool.get(best).id(), golds));
        }
        return out;
    }

    /**
     * Whether a candidate of {@code kind} is among those taken (the greedy step may have taken one
     * on its own).
     */
    private static boolean anyTaken(List<Candidate> pool, boolean[] taken, int kind) {
        for (int i = 0; i < pool.size(); i++)
            if (taken[i] && pool.get(i).kind() == kind) return true;
        return false;
    }

    /**
     * Takes the candidate of {@code kind} not taken yet that tells apart the most not yet told
     * apart, then the most, then is defined for the most golds (there is one: reserved kinds are
     * those the pool has).
     */
    private static void takeBestOf(
            int kind, List<Candidate> pool, boolean[] taken, List<Integer> chosen, BitSet covered) {
        int best = -1;
        int bestGain = -1;
        for (int i = 0; i < pool.size(); i++) {
            Candidate c = pool.get(i);
            if (c.kind() != kind || taken[i]) continue;
            BitSet gain = (BitSet) c.distinguished().clone();
            gain.andNot(covered);
            int g = gain.cardinality();
            int told = c.distinguished().cardinality();
            int bestTold = best < 0 ? -1 : pool.get(best).distinguished().cardinality();
            if (g > bestGain
                    || g == bestGain
                            && (told > bestTold
                                    || told == bestTold
                                            && c.usable().cardinality()
                                                    > pool.get(best).usable().cardinality())) {
                best = i;
                bestGain = g;
            }
        }
        take(best, pool, taken, chosen);
        covered.or(pool.get(best).distinguished());
    }

    static void take(int i, List<Candidate> pool, boolean[] taken, List<Integer> chosen) {
        taken[i] = true;
        chosen.add(pool.get(i).id());
    }

    /** The share of {@code neighbours} told apart by the candidates {@code ids}. */
    static double coverage(List<Candidate> pool, List<Integer> ids, int neighbours) {
        BitSet covered = new BitSet();
        for (Candidate c : pool) if (ids.contains(c.id())) covered.or(c.distinguished());
        return neighbours == 0 ? 1.0 : (double) covered.cardinality() / neighbours;
    }
}
