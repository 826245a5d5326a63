package dev.sqlexam.retrieval;

import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Index runs of one model wait for each other on the real state database; other models do not. */
class IndexRunLockITCase {

    @Test
    void aSecondRunOfTheModelWaitsUntilTheFirstEndsAndSaysSo() throws Exception {
        String url = TestDatabase.state().url();
        String model = "lock-model-" + UUID.randomUUID();
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);
        IndexRunLock first = IndexRunLock.take(url, model, out);
        CompletableFuture<IndexRunLock> second =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return IndexRunLock.take(url, model, out);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        try (IndexRunLock other = IndexRunLock.take(url, model + "-other", out)) {
            assertThat(other).as("another model's run does not wait").isNotNull();
        }
        assertThatThrownBy(() -> second.get(1, TimeUnit.SECONDS))
                .isInstanceOf(TimeoutException.class);
        assertThat(said.toString(StandardCharsets.UTF_8))
                .contains("another index run of model " + model)
                .doesNotContain(model + "-other");
        first.close();
        second.get(30, TimeUnit.SECONDS).close();
    }
}
