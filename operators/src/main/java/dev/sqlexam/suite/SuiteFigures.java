package dev.sqlexam.suite;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The figures of a suite's distillation, as {@link TestSuite.Stats} records them. */
final class SuiteFigures {

    private SuiteFigures() {}

    /** How the suite was distilled ({@link TestSuite.Stats}). */
    static TestSuite.Stats of(
            CandidatePool.Pool pool,
            List<Distillation.Candidate> candidates,
            Distillation.Selection selection,
            int extras,
            BitSet covered,
            ChosenDatabases made) {
        int usableNeighbours = pool.neighbours().size() - pool.refused().cardinality();
        List<Integer> firstMade =
                pool.candidates().stream()
                        .map(CandidatePool.Made::id)
                        .limit(made.kept.size())
                        .toList();
        Map<String, Integer> undistinguished = new TreeMap<>();
        for (int n = 0; n < pool.neighbours().size(); n++) {
            if (pool.refused().get(n) || covered.get(n)) continue;
            undistinguished.merge(
                    SuiteBuilder.kindOf(pool.neighbours().get(n).mutation()), 1, Integer::sum);
        }
        return new TestSuite.Stats(
                pool.candidates().size(),
                made.kept.size(),
                selection.distilled(),
                Distillation.coverage(candidates, firstMade, usableNeighbours),
                usableNeighbours == 0 ? 1.0 : (double) covered.cardinality() / usableNeighbours,
                Distillation.coverage(
                        candidates,
                        candidates.stream().map(Distillation.Candidate::id).toList(),
                        usableNeighbours),
                undistinguished,
                made.goldsUnchecked(),
                extras);
    }
}
