package dev.sqlexam.retrieval;

import dev.sqlexam.model.ModuleRoute;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The same inputs rank the same, when the floats of two machines differ in their last bits. */
class StableScoresTest {

    private static List<String> tables(List<Hit> hits) {
        return hits.stream().map(Hit::table).toList();
    }

    @Test
    void hitsThatTieAtTheFixedPrecisionAreOrderedByNameWhateverTheirNoise() {
        List<Hit> one =
                List.of(
                        new Hit("orders", null, "sales", false, 0.8123450000001, 1),
                        new Hit("invoices", null, "sales", false, 0.8123449999999, 2),
                        new Hit("customers", null, "sales", false, 0.70, 3));
        List<Hit> other =
                new ArrayList<>(
                        List.of(
                                new Hit("invoices", null, "sales", false, 0.8123450000002, 1),
                                new Hit("orders", null, "sales", false, 0.8123449999998, 2),
                                new Hit("customers", null, "sales", false, 0.70, 3)));
        Collections.reverse(other);
        assertThat(tables(StableScores.rank(one, 3)))
                .containsExactly("invoices", "orders", "customers");
        assertThat(StableScores.rank(other, 3)).isEqualTo(StableScores.rank(one, 3));
        assertThat(StableScores.rank(one, 2)).extracting(Hit::rank).containsExactly(1, 2);
    }

    @Test
    void aNearTieAtTheCutIsDecidedByName() {
        List<Hit> fetched =
                List.of(
                        new Hit("b_table", null, "m", false, 0.5000000004, 1),
                        new Hit("a_table", null, "m", false, 0.4999999996, 2));
        assertThat(tables(StableScores.rank(fetched, 1))).containsExactly("a_table");
    }

    @Test
    void aRouteDoesNotChangeWithNoiseInTheQuestionsVector() {
        Random random = new Random(7);
        float[] hr = unit(random, 64);
        float[] sales = unit(random, 64);
        float[] question = new float[64];
        for (int i = 0; i < 64; i++) question[i] = (hr[i] + sales[i]) / 2;
        ModuleRouter router = new ModuleRouter(Map.of(), Map.of("hr", hr, "sales", sales), 0.0, 1);
        ModuleRoute reference = router.route("who", question);
        for (int trial = 0; trial < 50; trial++) {
            float[] noisy = question.clone();
            for (int i = 0; i < noisy.length; i++)
                noisy[i] = Math.nextAfter(noisy[i], random.nextBoolean() ? 1.0 : -1.0);
            assertThat(router.route("who", noisy)).as("trial " + trial).isEqualTo(reference);
        }
        assertThat(reference.modules())
                .as("an exact tie goes to the first name")
                .containsExactly("hr");
    }

    private static float[] unit(Random random, int dims) {
        float[] v = new float[dims];
        double norm = 0;
        for (int i = 0; i < dims; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        for (int i = 0; i < dims; i++) v[i] /= (float) Math.sqrt(norm);
        return v;
    }
}
