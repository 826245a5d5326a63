package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DistillationTest {

    private static BitSet bits(int... set) {
        BitSet b = new BitSet();
        for (int i : set) b.set(i);
        return b;
    }

    private static Distillation.Candidate candidate(int id, BitSet distinguished, BitSet usable) {
        return new Distillation.Candidate(id, distinguished, usable);
    }

    @Test
    void greedyChoosesWhatAddsMostNotTheFirstMade() {
        // the first three made each tell apart one neighbour; the fourth tells apart all of theirs
        // and two more
        List<Distillation.Candidate> pool =
                List.of(
                        candidate(0, bits(0), bits(0)),
                        candidate(1, bits(1), bits(0)),
                        candidate(2, bits(2), bits(0)),
                        candidate(3, bits(0, 1, 2, 3, 4), bits(0)),
                        candidate(4, bits(5), bits(0)));
        Distillation.Selection s = Distillation.select(pool, 1, 10, 0);
        assertThat(s.chosen()).containsExactly(3, 4);
        assertThat(s.distilled()).isEqualTo(2);
        assertThat(s.covered().cardinality()).isEqualTo(6);
        assertThat(Distillation.coverage(pool, List.of(0, 1), 6)).isEqualTo(2.0 / 6);
        assertThat(Distillation.coverage(pool, s.chosen(), 6)).isEqualTo(1.0);
    }

    @Test
    void theCapStopsTheGreedyStepAndTheFloorTopsUpWithTheLeastCoveredFirst() {
        List<Distillation.Candidate> pool =
                List.of(
                        candidate(0, bits(0, 1, 2), bits(0)),
                        candidate(1, bits(3), bits(0)),
                        candidate(2, bits(0, 1), bits(0)),
                        candidate(3, bits(3, 4), bits(0)),
                        candidate(4, bits(), bits(0)));
        assertThat(Distillation.select(pool, 1, 1, 1).chosen()).containsExactly(0);
        Distillation.Selection topped = Distillation.select(pool, 1, 4, 4);
        // greedy: 0 (three new), 3 (two new); then the floor: 1 tells apart neighbour 3, told apart
        // once so far, as 2 does 0 and 1
        assertThat(topped.distilled()).isEqualTo(2);
        assertThat(topped.chosen()).hasSize(4).startsWith(0, 3);
        assertThat(topped.quota()).isEqualTo(4);
    }

    @Test
    void aGoldUndefinedOnChosenDatabasesGetsDatabasesItIsDefinedOn() {
        // gold 1 cuts a tie with its LIMIT on the two strongest candidates; the weaker ones are
        // where it is defined
        List<Distillation.Candidate> pool =
                List.of(
                        candidate(0, bits(0, 1, 2, 3), bits(0)),
                        candidate(1, bits(4, 5), bits(0)),
                        candidate(2, bits(0), bits(0, 1)),
                        candidate(3, bits(), bits(0, 1)),
                        candidate(4, bits(1), bits(1)));
        Distillation.Selection s = Distillation.select(pool, 2, 2, 2);
        assertThat(s.chosen().subList(0, 2)).containsExactly(0, 1);
        assertThat(s.quota()).isEqualTo(2);
        int definedForGold1 = 0;
        for (int id : s.chosen()) if (pool.get(id).usable().get(1)) definedForGold1++;
        assertThat(definedForGold1).isEqualTo(2);
        assertThat(s.chosen()).hasSize(4);
    }

    @Test
    void aPoolWhereNothingIsToldApartStillGivesTheFloorAndAnEmptyPoolNothing() {
        List<Distillation.Candidate> pool = new ArrayList<>();
        for (int i = 0; i < 6; i++) pool.add(candidate(i, bits(), bits(0)));
        assertThat(Distillation.select(pool, 1, 5, 3).chosen()).hasSize(3);
        assertThat(Distillation.select(List.of(), 1, 5, 3).chosen()).isEmpty();
    }

    @Test
    void theFloorPrefersShapesNotChosenYetWhereNeighboursDoNotTellThemApart() {
        // every candidate tells apart the same neighbour: the greedy step takes the first; the
        // floor takes other shapes first
        List<Distillation.Candidate> pool =
                List.of(
                        new Distillation.Candidate(0, bits(0), bits(0), 0),
                        new Distillation.Candidate(1, bits(0), bits(0), 0),
                        new Distillation.Candidate(2, bits(0), bits(0), 0),
                        new Distillation.Candidate(3, bits(0), bits(0), 1),
                        new Distillation.Candidate(4, bits(0), bits(0), 2));
        assertThat(Distillation.select(pool, 1, 3, 3).chosen()).containsExactly(0, 3, 4);
    }

    @Test
    void aSuiteOfThreeOrMoreKeepsAPlaceForTheTinyCandidateThatTellsApartMost() {
        List<Distillation.Candidate> pool =
                List.of(
                        new Distillation.Candidate(0, bits(0, 1, 2), bits(0), 0, false),
                        new Distillation.Candidate(1, bits(3, 4), bits(0), 1, false),
                        new Distillation.Candidate(2, bits(5), bits(0), 2, false),
                        new Distillation.Candidate(3, bits(), bits(0), 3, true),
                        new Distillation.Candidate(4, bits(0), bits(0), 3, true));
        assertThat(Distillation.select(pool, 1, 3, 3).chosen()).containsExactly(0, 1, 4);
        // below three databases the greedy step has every place
        assertThat(Distillation.select(pool, 1, 2, 2).chosen()).containsExactly(0, 1);
        // a greedy step that runs out of neighbours still takes the tiny one
        List<Distillation.Candidate> thin =
                List.of(
                        new Distillation.Candidate(0, bits(5), bits(0), 2, false),
                        new Distillation.Candidate(1, bits(), bits(0), 3, true),
                        new Distillation.Candidate(2, bits(0), bits(0), 3, true));
        assertThat(Distillation.select(thin, 1, 5, 2).chosen()).startsWith(0, 2);
        // one place however large the suite
        List<Distillation.Candidate> many = new ArrayList<>();
        for (int i = 0; i < 6; i++)
            many.add(new Distillation.Candidate(i, bits(i), bits(0), i, false));
        for (int i = 6; i < 9; i++)
            many.add(new Distillation.Candidate(i, bits(), bits(0), 6, true));
        assertThat(Distillation.select(many, 1, 5, 5).chosen()).containsExactly(0, 1, 2, 3, 6);
        // a tiny candidate the greedy step chose on its own fills the tiny place
        List<Distillation.Candidate> greedyTiny =
                List.of(
                        new Distillation.Candidate(0, bits(0, 1, 2), bits(0), 6, true),
                        new Distillation.Candidate(1, bits(3), bits(0), 1, false),
                        new Distillation.Candidate(2, bits(4), bits(0), 2, false),
                        new Distillation.Candidate(3, bits(), bits(0), 6, true));
        assertThat(Distillation.select(greedyTiny, 1, 3, 3).chosen()).containsExactly(0, 1, 2);
    }

    @Test
    void extrasServeOnlyTheGoldsWhoseNeighboursTheyNewlyTellApart() {
        // neighbours 0-2 belong to gold 0, 3-5 to gold 1, 6 to gold 2; the suite (0) tells apart 0,
        // 1 and 3
        int[] goldOf = {0, 0, 0, 1, 1, 1, 2};
        List<Distillation.Candidate> pool =
                List.of(
                        candidate(0, bits(0, 1, 3), bits(0, 1, 2)),
                        candidate(1, bits(0, 1), bits(0, 1, 2)),
                        candidate(2, bits(4, 5), bits(1)),
                        candidate(3, bits(2, 4), bits(0, 1)),
                        candidate(4, bits(3), bits(1)));
        List<Distillation.Extra> extras = Distillation.extras(pool, List.of(0), goldOf, 5);
        assertThat(extras).extracting(Distillation.Extra::id).containsExactly(2, 3);
        assertThat(extras.get(0).golds()).isEqualTo(bits(1));
        // candidate 3 still tells apart neighbour 2 (gold 0); its neighbour 4 was covered by the
        // first extra
        assertThat(extras.get(1).golds()).isEqualTo(bits(0));
        assertThat(Distillation.extras(pool, List.of(0), goldOf, 1)).hasSize(1);
        assertThat(Distillation.extras(pool, List.of(0, 2, 3), goldOf, 5)).isEmpty();
    }

    @Test
    void aSuiteOfFiveOrMoreKeepsAPlaceForAnOddCandidateAsForATinyOne() {
        List<Distillation.Candidate> pool = new ArrayList<>();
        for (int i = 0; i < 6; i++)
            pool.add(
                    new Distillation.Candidate(
                            i, bits(i, i + 10), bits(0), i, Distillation.ORDINARY));
        pool.add(new Distillation.Candidate(6, bits(), bits(0), 6, Distillation.TINY));
        pool.add(new Distillation.Candidate(7, bits(20), bits(0), 7, Distillation.ODD));
        pool.add(new Distillation.Candidate(8, bits(), bits(0), 7, Distillation.ODD));
        // the tiny one, then the odd one that tells apart most, in place of the greedy's last two
        // picks
        assertThat(Distillation.select(pool, 1, 5, 5).chosen()).containsExactly(0, 1, 2, 6, 7);
        assertThat(Distillation.select(pool, 1, 4, 4).chosen()).containsExactly(0, 1, 2, 6);
        // without odd candidates in the pool, the place goes to the greedy
        List<Distillation.Candidate> plain = pool.subList(0, 7);
        assertThat(Distillation.select(plain, 1, 5, 5).chosen()).containsExactly(0, 1, 2, 3, 6);
    }
}
