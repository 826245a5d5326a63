package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Index runs of one model wait for each other on the real state database; other models do not. */
class IndexRunLockITCase {

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);

    @Test
    void aSecondRunOfTheModelWaitsUntilTheFirstEndsAndSaysSo() throws Exception {
        String url = TestDatabase.state().url();
        String model = "lock-" + UUID.randomUUID();
        CompletableFuture<IndexRunLock> second = null;
        try (IndexRunLock first = IndexRunLock.take(url, model, 60_000, out)) {
            assertThat(first.held()).isTrue();
            second =
                    CompletableFuture.supplyAsync(() -> IndexRunLock.take(url, model, 60_000, out));
            try (IndexRunLock other = IndexRunLock.take(url, model + "-other", 60_000, out)) {
                assertThat(other.held()).as("another model's run does not wait").isTrue();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!said().contains("waiting for it to end") && System.nanoTime() < deadline)
                Thread.sleep(50);
            assertThat(said()).contains("another index run of model " + model + " is writing");
            assertThat(second)
                    .as("the second run waits while the first holds the lock")
                    .isNotDone();
        } finally {
            if (second != null) {
                IndexRunLock got = second.get(30, TimeUnit.SECONDS);
                assertThat(got.held()).as("taken once the first ended").isTrue();
                got.close();
            }
        }
        assertThat(said()).doesNotContain(model + "-other");
    }

    @Test
    void aWaitThatRunsOutGoesOnWithoutTheLockAndSaysSo() throws Exception {
        String url = TestDatabase.state().url();
        String model = "lock-" + UUID.randomUUID();
        try (IndexRunLock first = IndexRunLock.take(url, model, 60_000, out);
                IndexRunLock second = IndexRunLock.take(url, model, 500, out)) {
            assertThat(first.held()).isTrue();
            assertThat(second.held()).isFalse();
        }
        assertThat(said()).contains("indexing without waiting for it");
    }

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }
}
