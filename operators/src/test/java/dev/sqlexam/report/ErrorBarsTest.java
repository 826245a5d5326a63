package dev.sqlexam.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ErrorBarsTest {

    private static List<ErrorBars.Unit> units(String cluster, double... values) {
        List<ErrorBars.Unit> out = new ArrayList<>();
        for (double v : values) out.add(new ErrorBars.Unit(v, cluster));
        return out;
    }

    private static List<ErrorBars.Unit> concat(List<ErrorBars.Unit> a, List<ErrorBars.Unit> b) {
        List<ErrorBars.Unit> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    @Test
    void clusteredStandardErrorByHand() {
        // mean 0.5, deviations ±0.5; sample variance 1.5 / 5 = 0.3, SE_CLT² = 0.3 / 6 = 0.05
        List<ErrorBars.Unit> mixed = concat(units("A", 1, 1, 0), units("B", 0, 0, 1));
        assertThat(ErrorBars.standardError(mixed)).isCloseTo(Math.sqrt(0.05), within(1e-12));
        // cross terms per cluster: (Σd)² − Σd² = 0.25 − 0.75 = −0.5, twice: −1 / 36
        assertThat(ErrorBars.clusteredStandardError(mixed))
                .isCloseTo(Math.sqrt(0.05 - 1.0 / 36), within(1e-12));
        // all of A right, all of B wrong: (1.5)² − 0.75 = 1.5, twice: +3 / 36 — clustering widens
        // the bar
        List<ErrorBars.Unit> split = concat(units("A", 1, 1, 1), units("B", 0, 0, 0));
        assertThat(ErrorBars.clusteredStandardError(split))
                .isCloseTo(Math.sqrt(0.05 + 3.0 / 36), within(1e-12));
        assertThat(ErrorBars.designStandardError(split))
                .isEqualTo(ErrorBars.clusteredStandardError(split));
        List<ErrorBars.Unit> one = units("only", 1, 1, 1, 0, 0, 0);
        assertThat(ErrorBars.designStandardError(one))
                .as("one database: no clustering")
                .isEqualTo(ErrorBars.standardError(one));
        List<ErrorBars.Unit> own = new ArrayList<>();
        for (int i = 0; i < 6; i++) own.add(new ErrorBars.Unit(split.get(i).value(), "c" + i));
        assertThat(ErrorBars.clusteredStandardError(own))
                .as("each question its own cluster")
                .isCloseTo(ErrorBars.standardError(own), within(1e-12));
    }

    @Test
    void bootstrapIntervalOfAConstructedPairMatchesTheNormalApproximationAndIsReproducible() {
        double[] d = new double[100];
        for (int i = 0; i < 30; i++) d[i] = 1;
        List<ErrorBars.Unit> diffs = units("db", d);
        double[] ci = ErrorBars.bootstrap95(diffs, false, 10_000, 42);
        double half = 1.96 * Math.sqrt(0.3 * 0.7 / 100);
        assertThat(ci[0]).isCloseTo(0.3 - half, within(0.02));
        assertThat(ci[1]).isCloseTo(0.3 + half, within(0.02));
        assertThat(ErrorBars.bootstrap95(diffs, false, 10_000, 42)).containsExactly(ci);
        // two databases that disagree entirely: resampling databases gives a far wider interval
        // than resampling questions
        List<ErrorBars.Unit> clustered =
                concat(units("A", 1, 1, 1, 1, 1), units("B", 0, 0, 0, 0, 0));
        double[] byQuestion = ErrorBars.bootstrap95(clustered, false, 10_000, 42);
        double[] byDatabase = ErrorBars.bootstrap95(clustered, true, 10_000, 42);
        assertThat(byDatabase[1] - byDatabase[0]).isGreaterThan(byQuestion[1] - byQuestion[0]);
        assertThat(byDatabase[0]).isZero();
        assertThat(byDatabase[1]).isEqualTo(1.0);
    }

    @Test
    void minimumDetectableEffectIsZAlphaPlusZPowerTimesTheStandardError() {
        assertThat(ErrorBars.minimumDetectableEffect(0.02))
                .isCloseTo((1.959964 + 0.841621) * 0.02, within(1e-6));
    }

    @Test
    void perQuestionStatisticsOverRuns() {
        QuestionOutcomes outcomes = new QuestionOutcomes();
        boolean[][] runs = {{true, true, true}, {true, false, false}, {false, false, false}};
        for (int q = 0; q < 3; q++) {
            for (int r = 0; r < 3; r++)
                outcomes.add(Records.graded("v", r + 1, "db", "q" + q, runs[q][r]));
        }
        QuestionOutcomes.PerQuestion p = outcomes.perQuestion("v");
        assertThat(p.questions()).isEqualTo(3);
        assertThat(p.passAtN()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(p.passHatN()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(p.flipShare()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(p.accuracy()).isCloseTo((1 + 1.0 / 3) / 3, within(1e-12));
        // one database: no clustered standard error to report
        assertThat(p.clusters()).isEqualTo(1);
        assertThat(p.clusteredStandardError()).isNull();
        outcomes.add(Records.graded("v", 1, "other", "q9", true));
        assertThat(outcomes.perQuestion("v").clusteredStandardError()).isNotNull();
    }

    @Test
    void spreadOfRuns() {
        Spread s = Spread.of(List.of(0.2, 0.4, 0.6));
        assertThat(s.mean()).isCloseTo(0.4, within(1e-12));
        assertThat(s.std()).isCloseTo(0.2, within(1e-12));
        assertThat(s.min()).isEqualTo(0.2);
        assertThat(s.max()).isEqualTo(0.6);
        assertThat(Spread.of(List.of(0.5)).std()).isZero();
    }

    @Test
    void keptDrawsGiveEveryIntervalTheDrawsOfItsOwnSeed() {
        java.util.SplittableRandom data = new java.util.SplittableRandom(7);
        // groups kept (30 databases, 90 questions), at the limit (100 × 10,000), and past it
        // (drawn each time)
        for (int groups : new int[] {1, 2, 30, 90, 100, 101, 120}) {
            for (boolean byCluster : new boolean[] {false, true}) {
                List<ErrorBars.Unit> diffs = new ArrayList<>();
                for (int q = 0; q < (byCluster ? 3 * groups : groups); q++)
                    diffs.add(
                            new ErrorBars.Unit(
                                    data.nextInt(3) - 1 + (q % 7 == 0 ? 0.5 : 0),
                                    "db" + (byCluster ? q % groups : 0)));
                for (long seed : new long[] {42, 43}) {
                    double[] fresh = ErrorBars.bootstrap95(diffs, byCluster, 10_000, seed, false);
                    // twice: the second reads the draws the first kept
                    for (int i = 0; i < 2; i++)
                        assertThat(ErrorBars.bootstrap95(diffs, byCluster, 10_000, seed))
                                .as("%d groups, clustered %s, seed %d", groups, byCluster, seed)
                                .containsExactly(fresh);
                }
            }
        }
        int[] kept = BootstrapDraws.of(4_242, 3, 10);
        java.util.SplittableRandom drawn = new java.util.SplittableRandom(4_242);
        for (int pick : kept) assertThat(pick).isEqualTo(drawn.nextInt(3));
        assertThat(BootstrapDraws.of(4_242, 3, 10)).as("the kept sequence").isSameAs(kept);
        assertThat(BootstrapDraws.of(42, 101, 10_000)).as("past 1,000,000 indexes").isNull();
    }
}
