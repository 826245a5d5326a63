package dev.sqlexam.embedding;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-process model's vectors do not depend on how many threads its session runs a call on, nor
 * on batching.
 */
class OnnxBgeSmallProviderTest {

    private static final List<String> TEXTS =
            List.of(
                    "How many employees are currently active?",
                    "employees: the people who work here, with their salary and department",
                    "orders",
                    "");

    @Test
    void oneTwoThreadsAndBatchesGiveTheSameVectors() {
        OnnxBgeSmallProvider one = new OnnxBgeSmallProvider(1);
        OnnxBgeSmallProvider two = new OnnxBgeSmallProvider(2);
        List<float[]> batch = two.embedAll(TEXTS);
        for (int i = 0; i < TEXTS.size(); i++) {
            float[] single = one.embed(TEXTS.get(i));
            assertThat(single)
                    .hasSize(384)
                    .containsExactly(two.embed(TEXTS.get(i)))
                    .containsExactly(batch.get(i));
        }
        assertThat(OnnxBgeSmallProvider.threadsFor(Runtime.getRuntime().availableProcessors() * 4))
                .isEqualTo(1);
        assertThat(OnnxBgeSmallProvider.threadsFor(1))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }
}
