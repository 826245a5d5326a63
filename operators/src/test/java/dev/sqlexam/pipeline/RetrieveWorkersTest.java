package dev.sqlexam.pipeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RetrieveWorkersTest {

    @Test
    void eachSubtaskRetrievesWithItsShareOfTheCoresWithinThePoolSize() {
        assertThat(RetrieveStep.workers(8, 2, 2)).isEqualTo(1);
        assertThat(RetrieveStep.workers(8, 2, 16)).isEqualTo(8);
        assertThat(RetrieveStep.workers(8, 1, 6)).isEqualTo(6);
        assertThat(RetrieveStep.workers(4, 2, 64)).isEqualTo(4);
    }

    @Test
    void neverNone() {
        assertThat(RetrieveStep.workers(8, 4, 2)).isEqualTo(1);
        assertThat(RetrieveStep.workers(8, 0, 1)).isEqualTo(1);
        assertThat(RetrieveStep.workers(1, 1, 32)).isEqualTo(1);
    }
}
